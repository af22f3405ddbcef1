import vine from '@vinejs/vine'

const migrationParams = vine.object({ id: vine.number().withoutDecimals().positive() })

export const migrationIdValidator = vine.compile(vine.object({ params: migrationParams }))

export const blockValidator = vine.compile(
  vine.object({
    params: migrationParams,
    action: vine.enum(['block', 'unblock'] as const),
    reason: vine.string().trim().maxLength(500).optional(),
  })
)

const idParams = vine.object({ id: vine.number().withoutDecimals().positive() })

/** POST /api/admin/email-deliveries/:id/resend, GET /api/admin/members/:id/invitations; POST /api/admin/outbox/:id/replay. */
export const deliveryIdValidator = vine.compile(vine.object({ params: idParams }))
export const outboxJobIdValidator = vine.compile(vine.object({ params: idParams }))

/** GET /api/admin/dead-letters?page=&limit= */
export const deadLetterListValidator = vine.compile(
  vine.object({
    page: vine.number().withoutDecimals().min(1).max(100_000).optional(),
    limit: vine.number().withoutDecimals().min(1).max(100).optional(),
  })
)

const isoDay = () =>
  vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/)

/** The refund a cancellation on `effectiveOn` implies (default: today). */
export const cancellationPreviewValidator = vine.compile(
  vine.object({ params: migrationParams, effectiveOn: isoDay().optional() })
)

/** Cancel coverage: why, and the last day of cover. */
export const cancellationValidator = vine.compile(
  vine.object({
    params: migrationParams,
    reason: vine.string().trim().minLength(3).maxLength(400),
    effectiveOn: isoDay(),
  })
)
