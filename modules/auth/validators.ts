import vine from '@vinejs/vine'

export const memberLoginValidator = vine.compile(
  vine.object({
    memberId: vine.string().trim().minLength(1).maxLength(64),
    dateOfBirth: vine
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/),
  })
)

export const tokenLoginValidator = vine.compile(
  vine.object({
    token: vine.string().trim().minLength(16).maxLength(200),
    birthYear: vine.number().withoutDecimals().min(1900).max(new Date().getUTCFullYear()),
  })
)

export const adminLoginValidator = vine.compile(
  vine.object({
    username: vine.string().trim().minLength(1).maxLength(100),
    password: vine.string().minLength(1).maxLength(200),
    // The CLI's single-use enrolment link (docs/security.md "Two-factor sign-in").
    enrolmentToken: vine.string().trim().minLength(16).maxLength(200).optional(),
  })
)

/** A 6-digit authenticator code or a recovery code (xxxxx-xxxxx). */
export const secondFactorCodeValidator = vine.compile(
  vine.object({
    code: vine.string().trim().minLength(6).maxLength(20),
  })
)

/** The browser's WebAuthn answer as @simplewebauthn/browser sends it; the library checks its inside. */
const webAuthnAnswer = () =>
  vine.object({
    id: vine.string().minLength(1).maxLength(1024),
    rawId: vine.string().minLength(1).maxLength(1024),
    type: vine.literal('public-key'),
    response: vine
      .object({ clientDataJSON: vine.string().maxLength(8192) })
      .allowUnknownProperties(),
    clientExtensionResults: vine.object({}).allowUnknownProperties(),
    authenticatorAttachment: vine.string().maxLength(40).optional(),
  })

export const passkeyAnswerValidator = vine.compile(vine.object({ credential: webAuthnAnswer() }))

export const adminIdParamsValidator = vine.compile(
  vine.object({
    id: vine.number().withoutDecimals().min(1),
  })
)

/** A device session id of the Security page (device_sessions.ts makes 48 hex characters). */
export const deviceSessionParamsValidator = vine.compile(
  vine.object({
    id: vine
      .string()
      .trim()
      .regex(/^[0-9a-f]{1,64}$/),
  })
)
