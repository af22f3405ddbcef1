import { Type, type Static } from '@sinclair/typebox'
import { documentRoutes, Nullable, MessageAnswer } from '#modules/api_contract/index'
import {
  memberBlockValidator,
  memberBulkBlockValidator,
  memberExportValidator,
  memberFormValidator,
  memberListValidator,
} from './validators.js'

const NullableString = Nullable(Type.String())

/** A member as every members answer gives it (memberJson), with its active block. */
export const Member = Type.Object(
  {
    id: Type.Number(),
    member_id: NullableString,
    person_id: NullableString,
    principal_id: Nullable(Type.Number()),
    principal_person_id: NullableString,
    principal_name: NullableString,
    insured_full_name: Type.String(),
    date_of_birth: NullableString,
    insured_role: Type.String(),
    email: NullableString,
    original_email: NullableString,
    gender: NullableString,
    language: Type.Union(
      [Type.Literal('en'), Type.Literal('de'), Type.Literal('fr'), Type.Null()],
      {
        description:
          "The member's language of the shop, emails and PDFs; null until known (English)",
      }
    ),
    citizenship: NullableString,
    residence_country: NullableString,
    status: Type.String(),
    product_name: NullableString,
    product_alias: NullableString,
    plan_name: NullableString,
    policy_start_date: NullableString,
    policy_end_date: NullableString,
    dhig_person_guid: NullableString,
    dhig_person_id: NullableString,
    dhig_member_id: NullableString,
    completed_migrations_count: Type.Number(),
    is_blocked: Type.Boolean(),
    block_reason: NullableString,
    created_at: NullableString,
  },
  { $id: 'Member' }
)
export type Member = Static<typeof Member>

export const AdminMembersDestroyAnswer = MessageAnswer
export type AdminMembersDestroyAnswer = Static<typeof AdminMembersDestroyAnswer>

export const AdminMembersIndexAnswer = Type.Object({
  success: Type.Boolean(),
  members: Type.Array(Member),
  total: Type.Number(),
  page: Type.Number(),
  limit: Type.Number(),
})
export type AdminMembersIndexAnswer = Static<typeof AdminMembersIndexAnswer>

export const AdminMembersShowAnswer = Type.Object({
  success: Type.Boolean(),
  member: Member,
})
export type AdminMembersShowAnswer = Static<typeof AdminMembersShowAnswer>

export const AdminMembersStatsAnswer = Type.Object({
  success: Type.Boolean(),
  stats: Type.Object({
    total_members: Type.Number(),
    principals_count: Type.Number(),
    dependents_count: Type.Number(),
    active_members: Type.Number(),
    members_with_email: Type.Number(),
    unique_products: Type.Number(),
  }),
})
export type AdminMembersStatsAnswer = Static<typeof AdminMembersStatsAnswer>

/** Create (201) and update (200) answer the same. */
export const AdminMembersSavedAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  member: Member,
})
export type AdminMembersSavedAnswer = Static<typeof AdminMembersSavedAnswer>

export const AdminMembersBlockAnswer = Type.Object({
  success: Type.Literal(true),
  blocked: Type.Boolean(),
  message: Type.String(),
})
export type AdminMembersBlockAnswer = Static<typeof AdminMembersBlockAnswer>

export const AdminMembersBulkBlockAnswer = Type.Object({
  success: Type.Literal(true),
  done: Type.Number({ description: 'Members blocked or unblocked (already so counts as done)' }),
  skipped: Type.Array(Type.Object({ id: Type.Number(), error: Type.String() }), {
    description: 'Members left as they were, with the reason (not a principal, not found)',
  }),
  message: Type.String(),
})
export type AdminMembersBulkBlockAnswer = Static<typeof AdminMembersBulkBlockAnswer>

/** The contract of this module's routes: validators used by its controllers, and the JSON Schema of each success answer. */
documentRoutes({
  'admin.members.destroy': {
    summary: 'Delete a member',
    access: 'admin',
    responses: {
      200: AdminMembersDestroyAnswer,
    },
  },
  'admin.members.index': {
    summary:
      'Members, searched and paged (by page number, or by keyset: after the last id of the previous page, before the first id of the next)',
    access: 'admin',
    query: memberListValidator,
    responses: {
      200: AdminMembersIndexAnswer,
    },
  },
  'admin.members.show': {
    summary: 'One member with family',
    access: 'admin',
    responses: {
      200: AdminMembersShowAnswer,
    },
  },
  'admin.members.export': {
    summary:
      "The Members list as a file: the list's filters (search, role) and sort, as CSV (default) or XLSX (format=xlsx); streamed, text cells formula-safe, audited (list.export)",
    access: 'admin',
    query: memberExportValidator,
    responses: { 200: { contentType: 'text/csv; charset=utf-8' } },
  },
  'admin.members.stats': {
    summary: 'Member counts',
    access: 'admin',
    responses: {
      200: AdminMembersStatsAnswer,
    },
  },
  'admin.members.store': {
    summary: 'Create a member',
    access: 'admin',
    body: memberFormValidator,
    responses: {
      201: AdminMembersSavedAnswer,
    },
  },
  'admin.members.update': {
    summary: 'Update a member',
    access: 'admin',
    body: memberFormValidator,
    responses: {
      200: AdminMembersSavedAnswer,
    },
  },
  'admin.members.bulk_block': {
    summary: 'Block or unblock the selected members (each audited like a single block)',
    access: 'admin',
    body: memberBulkBlockValidator,
    responses: {
      200: AdminMembersBulkBlockAnswer,
    },
  },
  'admin.members.block': {
    summary: 'Block or unblock a principal, with or without a migration',
    access: 'admin',
    body: memberBlockValidator,
    responses: {
      200: AdminMembersBlockAnswer,
    },
  },
})
