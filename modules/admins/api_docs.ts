import { Type, type Static } from '@sinclair/typebox'
import { documentRoutes, MessageAnswer, Nullable } from '#modules/api_contract/index'
import {
  adminListValidator,
  changePasswordValidator,
  createAdminValidator,
  updateAdminValidator,
} from './validators.js'

export { MessageAnswer }

const Admin = Type.Object(
  {
    id: Type.Number(),
    username: Type.String(),
    email: Nullable(Type.String()),
    role: Type.Union([
      Type.Literal('owner'),
      Type.Literal('operations'),
      Type.Literal('finance'),
      Type.Literal('support'),
    ]),
    created_at: Nullable(Type.String()),
  },
  { $id: 'Admin' }
)
type Admin = Static<typeof Admin>

export const AdminAdminUsersStoreAnswer = Type.Object(
  {
    success: Type.Boolean(),
    message: Type.String(),
    admin: Admin,
  },
  { $id: 'AdminAdminUsersStoreAnswer' }
)
export type AdminAdminUsersStoreAnswer = Static<typeof AdminAdminUsersStoreAnswer>

export const AdminAdminUsersIndexAnswer = Type.Object({
  success: Type.Boolean(),
  admins: Type.Array(Admin),
  total: Type.Number(),
  page: Type.Number(),
  limit: Type.Number(),
})
export type AdminAdminUsersIndexAnswer = Static<typeof AdminAdminUsersIndexAnswer>

/** The contract of this module's routes: validators used by its controllers, and the JSON Schema of each success answer. */
documentRoutes({
  'admin.admin_users.change_password': {
    summary: "Change an administrator's password",
    access: 'admin',
    body: changePasswordValidator,
    responses: {
      200: MessageAnswer,
    },
  },
  'admin.admin_users.destroy': {
    summary: 'Delete an administrator',
    access: 'admin',
    responses: {
      200: MessageAnswer,
    },
  },
  'admin.admin_users.index': {
    summary: 'Administrators',
    access: 'admin',
    query: adminListValidator,
    responses: {
      200: AdminAdminUsersIndexAnswer,
    },
  },
  'admin.admin_users.store': {
    summary: 'Create an administrator',
    access: 'admin',
    body: createAdminValidator,
    responses: {
      201: AdminAdminUsersStoreAnswer,
    },
  },
  'admin.admin_users.update': {
    summary: 'Update an administrator',
    access: 'admin',
    body: updateAdminValidator,
    responses: {
      200: AdminAdminUsersStoreAnswer,
    },
  },
})
