import vine from '@vinejs/vine'
import { EXPORT_FORMATS, fixedMessages } from '#modules/shared/index'
import { GENDERS, MEMBER_ROLES, MEMBER_STATUSES } from './models/member.js'

const REQUIRED_FIELDS = 'Please fill in all required fields'

const optionalText = (max: number) => vine.string().trim().maxLength(max).nullable().optional()
const isoDate = () =>
  vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/)

/** The list's filters: the list and its export read them the same way. */
const memberFilterFields = {
  search: vine.string().trim().maxLength(191).optional(),
  role: vine.string().trim().maxLength(16).optional(),
}

/**
 * The Members list's sortable columns (its column headers), each read from an index of `members`
 * that the id follows (InnoDB's secondary indexes and SQLite's carry the primary key):
 * member_admin_service.ts. The export takes the list's sort.
 */
export const MEMBER_SORTS = [
  'id',
  'member_id',
  'insured_full_name',
  'insured_role',
  'email',
  'product_name',
  'status',
] as const

export const memberListValidator = vine.compile(
  vine.object({
    page: vine.number().withoutDecimals().min(1).max(1_000_000).optional(),
    limit: vine.number().withoutDecimals().min(1).max(200).optional(),
    ...memberFilterFields,
    // Keyset paging (docs/backoffice.md): the last id of the previous page, or the first id of the next one.
    after: vine.number().withoutDecimals().min(0).optional(),
    before: vine.number().withoutDecimals().min(1).optional(),
    /** The column the server sorts by before it takes the page (default id, ascending). */
    sort: vine.enum(MEMBER_SORTS).optional(),
    direction: vine.enum(['asc', 'desc'] as const).optional(),
  })
)

/** GET /api/admin/members-export: the list's filters and sort, and the file format. */
export const memberExportValidator = vine.compile(
  vine.object({
    ...memberFilterFields,
    sort: vine.enum(MEMBER_SORTS).optional(),
    direction: vine.enum(['asc', 'desc'] as const).optional(),
    format: vine.enum(EXPORT_FORMATS).optional(),
  })
)

/** Create and edit share the fields; member_id, name, date of birth and role are required. */
export const memberFormValidator = vine.compile(
  vine.object({
    member_id: vine.string().trim().minLength(1).maxLength(64),
    insured_full_name: vine.string().trim().minLength(1).maxLength(191),
    date_of_birth: vine
      .string()
      .trim()
      .minLength(1)
      .regex(/^\d{4}-\d{2}-\d{2}$/),
    insured_role: vine.enum(MEMBER_ROLES),
    email: vine.string().trim().email().maxLength(254).nullable().optional(),
    gender: vine.enum(GENDERS).nullable().optional(),
    citizenship: optionalText(100),
    residence_country: optionalText(100),
    status: vine.enum(MEMBER_STATUSES).optional(),
    product_name: optionalText(191),
    plan_name: optionalText(191),
    policy_start_date: isoDate().nullable().optional(),
    policy_end_date: isoDate().nullable().optional(),
    person_id: optionalText(64),
    principal_person_id: optionalText(64),
    dhig_person_guid: optionalText(64),
    dhig_person_id: optionalText(64),
    dhig_member_id: optionalText(64),
  })
)
memberFormValidator.messagesProvider = fixedMessages(REQUIRED_FIELDS, {
  'member_id.maxLength': 'Member ID must be at most 64 characters',
  'insured_full_name.maxLength': 'Name must be at most 191 characters',
  'date_of_birth.regex': 'Please enter a valid date of birth',
  'insured_role.enum': 'Role must be Principal, Spouse, Child or Dependent',
  'email': 'Please enter a valid email address',
  'gender': 'Gender must be Male, Female or Other',
  'status': 'Status must be Active, Inactive or Pending',
  'policy_start_date': 'Please enter a valid policy start date',
  'policy_end_date': 'Please enter a valid policy end date',
  'citizenship': 'Citizenship must be at most 100 characters',
  'residence_country': 'Residence country must be at most 100 characters',
  'product_name': 'Product must be at most 191 characters',
  'plan_name': 'Plan must be at most 191 characters',
  'person_id': 'Person ID must be at most 64 characters',
  'principal_person_id': 'Principal person ID must be at most 64 characters',
  'dhig_person_guid': 'DHIG person GUID must be at most 64 characters',
  'dhig_person_id': 'DHIG person ID must be at most 64 characters',
  'dhig_member_id': 'DHIG member ID must be at most 64 characters',
})

export const memberBlockValidator = vine.compile(
  vine.object({
    action: vine.enum(['block', 'unblock'] as const),
    reason: vine.string().trim().maxLength(500).optional(),
  })
)

/** The most members one bulk block takes: the Members list's Select all (200 rows) and more. */
const BULK_BLOCK_MAX = 500

/** Block or unblock the members selected in the Members list (member_blocks.ts `setMembersBlock`). */
export const memberBulkBlockValidator = vine.compile(
  vine.object({
    memberIds: vine
      .array(vine.number().withoutDecimals().min(1).max(2_147_483_647))
      .minLength(1)
      .maxLength(BULK_BLOCK_MAX)
      .distinct(),
    action: vine.enum(['block', 'unblock'] as const),
    reason: vine.string().trim().maxLength(500).optional(),
  })
)
