import vine from '@vinejs/vine'

export const memberLoginValidator = vine.compile(
  vine.object({
    memberId: vine.string().trim().minLength(1).maxLength(64),
    dateOfBirth: vine.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/),
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
  })
)

/** A device session id of the Security page (device_sessions.ts makes 48 hex characters). */
export const deviceSessionParamsValidator = vine.compile(
  vine.object({ id: vine.string().trim().regex(/^[0-9a-f]{1,64}$/) })
)
