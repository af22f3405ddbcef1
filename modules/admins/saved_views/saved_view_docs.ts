import { Type, type Static } from '@sinclair/typebox'
import { documentRoutes, MessageAnswer } from '#modules/api_contract/index'
import {
  savedViewIdValidator,
  savedViewListValidator,
  savedViewStoreValidator,
} from './saved_view_validators.js'

const SavedView = Type.Object(
  {
    id: Type.Number(),
    resource: Type.String({
      description: 'The list: members, migrations, audit-log, finance/refunds…',
    }),
    name: Type.String(),
    listParams: Type.Object({
      filter: Type.Record(Type.String(), Type.Unknown()),
      sort: Type.String(),
      order: Type.Union([Type.Literal('ASC'), Type.Literal('DESC')]),
      perPage: Type.Number(),
    }),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  },
  { $id: 'SavedView' }
)

export const SavedViewsAnswer = Type.Object({
  success: Type.Literal(true),
  views: Type.Array(SavedView),
})
export type SavedViewsAnswer = Static<typeof SavedViewsAnswer>
export const SavedViewAnswer = Type.Object({ success: Type.Literal(true), view: SavedView })
export type SavedViewAnswer = Static<typeof SavedViewAnswer>
export const SavedViewDeletedAnswer = MessageAnswer
export type SavedViewDeletedAnswer = MessageAnswer

documentRoutes({
  'admin.saved_views.index': {
    summary: "The signed-in administrator's saved list views (of one list with `resource`)",
    access: 'admin',
    query: savedViewListValidator,
    responses: { 200: SavedViewsAnswer },
  },
  'admin.saved_views.store': {
    summary:
      'Save a view of a list (filter, sort, order, rows per page); the same name on the same list replaces it (200), a new one is 201',
    access: 'admin',
    body: savedViewStoreValidator,
    responses: { 200: SavedViewAnswer, 201: SavedViewAnswer },
  },
  'admin.saved_views.destroy': {
    summary: "Delete one of one's own saved views (another administrator's: 404)",
    access: 'admin',
    params: savedViewIdValidator,
    responses: { 200: SavedViewDeletedAnswer },
  },
})
