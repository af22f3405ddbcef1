import vine from '@vinejs/vine'

/** GET /api/admin/finance/dunning/:id */
export const idParamValidator = vine.compile(
  vine.object({ id: vine.number().withoutDecimals().positive() })
)
