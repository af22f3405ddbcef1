import vine from '@vinejs/vine'
import { fixedMessages } from '#modules/shared/index'

const PASSWORD_MIN = 6
/** At least PASSWORD_MIN characters that are not spaces: six spaces are no password. */
export const PASSWORD_PATTERN = new RegExp(`^(?:\\s*\\S){${PASSWORD_MIN}}`)
const adminPassword = () =>
  vine.string().minLength(PASSWORD_MIN).maxLength(200).regex(PASSWORD_PATTERN)
const username = () =>
  vine
    .string()
    .trim()
    .minLength(1)
    .maxLength(100)
    .regex(/^[\w.@-]+$/)
const email = () => vine.string().trim().minLength(1).email().maxLength(254)
const USERNAME_CHARACTERS = 'The username may only contain letters, digits and . _ @ -'

/** Roles of docs/security.md "Roles"; an administrator created without one is an Owner. */
export const ADMIN_ROLES = ['owner', 'operations', 'finance', 'support'] as const
export type AdminRole = (typeof ADMIN_ROLES)[number]
const role = () => vine.enum(ADMIN_ROLES).optional()

/** The Admins list's sortable columns (admin_accounts_service.ts). */
const ADMIN_SORTS = ['username', 'email', 'role', 'created_at'] as const

export const adminListValidator = vine.compile(
  vine.object({
    sort: vine.enum(ADMIN_SORTS).optional(),
    direction: vine.enum(['asc', 'desc'] as const).optional(),
    page: vine.number().withoutDecimals().min(1).max(1_000_000).optional(),
    limit: vine.number().withoutDecimals().min(1).max(200).optional(),
    search: vine.string().trim().maxLength(254).optional(),
  })
)

export const createAdminValidator = vine.compile(
  vine.object({ username: username(), email: email(), password: adminPassword(), role: role() })
)
createAdminValidator.messagesProvider = fixedMessages('Please fill in all fields', {
  'username.regex': USERNAME_CHARACTERS,
  'username.maxLength': 'The username must be at most 100 characters',
  'email.email': 'Please enter a valid email address',
  'email.maxLength': 'Please enter a valid email address',
  'password.minLength': 'Password must be at least 6 characters',
  'password.regex': 'Password must be at least 6 characters',
  'password.maxLength': 'The password must be at most 200 characters',
  'role.enum': 'The role must be one of owner, operations, finance, support',
})

export const updateAdminValidator = vine.compile(
  vine.object({ username: username(), email: email(), role: role() })
)
updateAdminValidator.messagesProvider = fixedMessages('Username and email are required', {
  'username.regex': USERNAME_CHARACTERS,
  'username.maxLength': 'The username must be at most 100 characters',
  'email.email': 'Please enter a valid email address',
  'email.maxLength': 'Please enter a valid email address',
})

export const changePasswordValidator = vine.compile(
  // currentPassword: required when the administrator changes their own (admin_accounts_service.ts).
  vine.object({
    newPassword: adminPassword(),
    currentPassword: vine.string().maxLength(200).optional(),
  })
)
changePasswordValidator.messagesProvider = fixedMessages('Please fill in all password fields', {
  'newPassword.minLength': 'New password must be at least 6 characters',
  'newPassword.regex': 'New password must be at least 6 characters',
  'newPassword.maxLength': 'The password must be at most 200 characters',
  'currentPassword.maxLength': 'Current password is incorrect',
})
