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
