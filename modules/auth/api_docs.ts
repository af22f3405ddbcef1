import { Type, type Static } from '@sinclair/typebox'
import { documentRoutes, Nullable, MessageAnswer } from '#modules/api_contract/index'
import {
  adminIdParamsValidator,
  adminLoginValidator,
  deviceSessionParamsValidator,
  memberLoginValidator,
  passkeyAnswerValidator,
  secondFactorCodeValidator,
  tokenLoginValidator,
} from './validators.js'

const SignedInMember = Type.Object(
  {
    id: Type.Number(),
    name: Type.String(),
  },
  { $id: 'SignedInMember' }
)
type SignedInMember = Static<typeof SignedInMember>

const AuthAdmin = Type.Object(
  {
    id: Type.Number(),
    username: Type.String(),
    email: Nullable(Type.String()),
  },
  { $id: 'AuthAdmin' }
)
type AuthAdmin = Static<typeof AuthAdmin>

export const AuthLoginAnswer = Type.Object(
  {
    success: Type.Boolean(),
    member: SignedInMember,
  },
  { $id: 'AuthLoginAnswer' }
)
export type AuthLoginAnswer = Static<typeof AuthLoginAnswer>

export const AdminLoginAnswer = Type.Object(
  {
    success: Type.Boolean(),
    admin: AuthAdmin,
    /** REQUIRE_ADMIN_2FA (or the CLI's enrolment link): this session may only enrol a second factor. */
    enrolment_required: Type.Boolean(),
  },
  { $id: 'AdminLoginAnswer' }
)
export type AdminLoginAnswer = Static<typeof AdminLoginAnswer>

/** The password was right and a second factor is asked for: nobody is signed in yet. */
const AdminSecondStepAnswer = Type.Object(
  {
    success: Type.Boolean(),
    second_factor: Type.Literal('required'),
    methods: Type.Object({ totp: Type.Boolean(), passkey: Type.Boolean() }),
  },
  { $id: 'AdminSecondStepAnswer' }
)

export const AdminPasswordStepAnswer = Type.Union([AdminLoginAnswer, AdminSecondStepAnswer])
export type AdminPasswordStepAnswer = Static<typeof AdminPasswordStepAnswer>

export const SecondFactorStatusAnswer = Type.Object({
  success: Type.Boolean(),
  required: Type.Boolean(),
  totp: Type.Boolean(),
  passkeys: Type.Array(
    Type.Object({
      id: Type.Number(),
      created_at: Type.String(),
      last_used_at: Nullable(Type.String()),
    })
  ),
  recovery_codes_left: Type.Number(),
})
export type SecondFactorStatusAnswer = Static<typeof SecondFactorStatusAnswer>

export const TotpEnrolmentAnswer = Type.Object({
  success: Type.Boolean(),
  /** The key to type by hand (base32). */
  secret: Type.String(),
  otpauth_uri: Type.String(),
  /** The same URI as a PNG QR code (data: URL). */
  qr_code: Type.String(),
})
export type TotpEnrolmentAnswer = Static<typeof TotpEnrolmentAnswer>

/** A factor was added; the first one comes with the 10 recovery codes, shown this once. */
export const EnrolledAnswer = Type.Object({
  success: Type.Boolean(),
  recovery_codes: Type.Array(Type.String()),
})
export type EnrolledAnswer = Static<typeof EnrolledAnswer>

/** WebAuthn options for @simplewebauthn/browser (shape of the WebAuthn specification). */
export const PasskeyOptionsAnswer = Type.Object({
  success: Type.Boolean(),
  options: Type.Record(Type.String(), Type.Unknown()),
})
export type PasskeyOptionsAnswer = Static<typeof PasskeyOptionsAnswer>

export const MessageOnlyAnswer = MessageAnswer
export type MessageOnlyAnswer = Static<typeof MessageOnlyAnswer>

/** The signed-in administrator with their role and its abilities (the back-office's canAccess). */
export const AdminMeAnswer = Type.Object(
  {
    success: Type.Boolean(),
    admin: AuthAdmin,
    /** REQUIRE_ADMIN_2FA holds this session to enrolment. */
    enrolment_required: Type.Boolean(),
    role: Type.String(),
    abilities: Type.Array(Type.String()),
  },
  { $id: 'AdminMeAnswer' }
)
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

const DeviceSession = Type.Object(
  {
    id: Type.String(),
    device: Type.String(),
    ip: Type.String(),
    signed_in_at: Type.String(),
    last_seen_at: Type.String(),
    current: Type.Boolean(),
  },
  { $id: 'DeviceSession' }
)

const SignInEvent = Type.Object(
  {
    at: Type.String(),
    ip: Type.String(),
    device: Type.String(),
    success: Type.Boolean(),
    factor: Type.String(),
  },
  { $id: 'SignInEvent' }
)

export const AdminSecurityAnswer = Type.Object(
  {
    success: Type.Boolean(),
    sessions: Type.Array(DeviceSession),
    sign_ins: Type.Array(SignInEvent),
  },
  { $id: 'AdminSecurityAnswer' }
)
export type AdminSecurityAnswer = Static<typeof AdminSecurityAnswer>

export const SignOutAnswer = Type.Object(
  {
    success: Type.Boolean(),
    /** True when this request's own session ended too. */
    signed_out_here: Type.Boolean(),
  },
  { $id: 'SignOutAnswer' }
)
export type SignOutAnswer = Static<typeof SignOutAnswer>

/** The contract of this module's routes: validators used by its controllers, and the JSON Schema of each success answer. */
documentRoutes({
  'admin.login': {
    summary: 'Administrator sign-in',
    access: 'public',
    body: adminLoginValidator,
    responses: {
      200: AdminPasswordStepAnswer,
    },
  },
  'admin.login.code': {
    summary: 'Second sign-in step: an authenticator code or a recovery code',
    access: 'public',
    body: secondFactorCodeValidator,
    responses: { 200: AdminLoginAnswer },
  },
  'admin.login.passkey_options': {
    summary: 'Second sign-in step: WebAuthn options for a passkey',
    access: 'public',
    responses: { 200: PasskeyOptionsAnswer },
  },
  'admin.login.passkey': {
    summary: 'Second sign-in step: the passkey answer',
    access: 'public',
    body: passkeyAnswerValidator,
    responses: { 200: AdminLoginAnswer },
  },
  'admin.two_factor.status': {
    summary: "The signed-in administrator's second factors",
    access: 'admin',
    responses: { 200: SecondFactorStatusAnswer },
  },
  'admin.two_factor.totp_start': {
    summary: 'Start enrolling an authenticator app (QR code and key)',
    access: 'admin',
    responses: { 200: TotpEnrolmentAnswer },
  },
  'admin.two_factor.totp_confirm': {
    summary: 'Confirm the authenticator app with one code',
    access: 'admin',
    body: secondFactorCodeValidator,
    responses: { 200: EnrolledAnswer },
  },
  'admin.two_factor.passkey_options': {
    summary: 'WebAuthn options to register a passkey',
    access: 'admin',
    responses: { 200: PasskeyOptionsAnswer },
  },
  'admin.two_factor.passkey_register': {
    summary: 'Register a passkey',
    access: 'admin',
    body: passkeyAnswerValidator,
    responses: { 200: EnrolledAnswer },
  },
  'admin.admin_users.reset_two_factor': {
    summary: "Reset another administrator's second factor (audited; ends their sessions)",
    access: 'admin',
    params: adminIdParamsValidator,
    responses: { 200: MessageOnlyAnswer },
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
    summary: "The signed-in administrator's active sessions and sign-in history",
    access: 'admin',
    responses: {
      200: AdminSecurityAnswer,
    },
  },
  'admin.security.sign_out_device': {
    summary: "Sign out one of the signed-in administrator's sessions",
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
    summary: 'Member sign-in with member ID and date of birth',
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
    summary: 'Member sign-in with a secure link and birth year',
    access: 'public',
    body: tokenLoginValidator,
    responses: {
      200: AuthLoginAnswer,
    },
  },
})
