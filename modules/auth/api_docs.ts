import { Type, type Static } from '@sinclair/typebox'
import { documentRoutes } from '#modules/api_contract/index'
import { adminLoginValidator, deviceSessionParamsValidator, memberLoginValidator, tokenLoginValidator } from './validators.js'

export const SignedInMember = Type.Object({
  id: Type.Number(),
  name: Type.String(),
}, { $id: 'SignedInMember' })
export type SignedInMember = Static<typeof SignedInMember>

export const AuthAdmin = Type.Object({
  id: Type.Number(),
  username: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
}, { $id: 'AuthAdmin' })
export type AuthAdmin = Static<typeof AuthAdmin>

export const AuthLoginAnswer = Type.Object({
  success: Type.Boolean(),
  member: SignedInMember,
}, { $id: 'AuthLoginAnswer' })
export type AuthLoginAnswer = Static<typeof AuthLoginAnswer>

export const AdminLoginAnswer = Type.Object({
  success: Type.Boolean(),
  admin: AuthAdmin,
}, { $id: 'AdminLoginAnswer' })
export type AdminLoginAnswer = Static<typeof AdminLoginAnswer>

/** The signed-in administrator with their role and its abilities (the back-office's canAccess). */
export const AdminMeAnswer = Type.Object({
  success: Type.Boolean(),
  admin: AuthAdmin,
  role: Type.String(),
  abilities: Type.Array(Type.String()),
}, { $id: 'AdminMeAnswer' })
export type AdminMeAnswer = Static<typeof AdminMeAnswer>

export const AdminLogoutAnswer = Type.Object({
  success: Type.Boolean(),
})
export type AdminLogoutAnswer = Static<typeof AdminLogoutAnswer>

export const AuthSessionAnswer = Type.Object({
  success: Type.Boolean(),
  authenticated: Type.Boolean(),
  member: Type.Optional(SignedInMember),
})
export type AuthSessionAnswer = Static<typeof AuthSessionAnswer>

export const DeviceSession = Type.Object({
  id: Type.String(),
  device: Type.String(),
  ip: Type.String(),
  signed_in_at: Type.String(),
  last_seen_at: Type.String(),
  current: Type.Boolean(),
}, { $id: 'DeviceSession' })

export const SignInEvent = Type.Object({
  at: Type.String(),
  ip: Type.String(),
  device: Type.String(),
  success: Type.Boolean(),
  factor: Type.String(),
}, { $id: 'SignInEvent' })

export const AdminSecurityAnswer = Type.Object({
  success: Type.Boolean(),
  sessions: Type.Array(DeviceSession),
  sign_ins: Type.Array(SignInEvent),
}, { $id: 'AdminSecurityAnswer' })
export type AdminSecurityAnswer = Static<typeof AdminSecurityAnswer>

export const SignOutAnswer = Type.Object({
  success: Type.Boolean(),
  /** True when this request's own session ended too. */
  signed_out_here: Type.Boolean(),
}, { $id: 'SignOutAnswer' })
export type SignOutAnswer = Static<typeof SignOutAnswer>

/** The contract of this module's routes: validators used by its controllers, and the JSON Schema of each success answer. */
documentRoutes({
  'admin.login': {
    summary: 'Administrator sign-in',
    access: 'public',
    body: adminLoginValidator,
    responses: {
      200: AdminLoginAnswer,
    },
  },
  'admin.logout': {
    summary: 'End the administrator session',
    access: 'admin',
    responses: {
      200: AdminLogoutAnswer,
    },
  },
  'admin.me': {
    summary: 'The signed-in administrator, their role and its abilities',
    access: 'admin',
    responses: {
      200: AdminMeAnswer,
    },
  },
  'admin.security.show': {
    summary: 'The signed-in administrator\'s active sessions and sign-in history',
    access: 'admin',
    responses: {
      200: AdminSecurityAnswer,
    },
  },
  'admin.security.sign_out_device': {
    summary: 'Sign out one of the signed-in administrator\'s sessions',
    access: 'admin',
    params: deviceSessionParamsValidator,
    responses: {
      200: SignOutAnswer,
    },
  },
  'admin.security.sign_out_everywhere': {
    summary: 'Sign out every session of the signed-in administrator',
    access: 'admin',
    responses: {
      200: SignOutAnswer,
    },
  },
  'auth.logout_everywhere': {
    summary: 'End every session of the signed-in member, on every device',
    access: 'member',
    responses: {
      200: SignOutAnswer,
    },
  },
  'auth.login': {
    summary: 'SignedInMember sign-in with member ID and date of birth',
    access: 'public',
    body: memberLoginValidator,
    responses: {
      200: AuthLoginAnswer,
    },
  },
  'auth.logout': {
    summary: 'End the member session',
    access: 'public',
    responses: {
      200: AdminLogoutAnswer,
    },
  },
  'auth.session': {
    summary: 'The member session, if any',
    access: 'public',
    responses: {
      200: AuthSessionAnswer,
    },
  },
  'auth.validate_token': {
    summary: 'SignedInMember sign-in with a secure link and birth year',
    access: 'public',
    body: tokenLoginValidator,
    responses: {
      200: AuthLoginAnswer,
    },
  },
})
