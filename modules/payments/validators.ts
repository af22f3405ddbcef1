import vine from '@vinejs/vine'

export const reconciliationIdValidator = vine.compile(
  vine.object({ id: vine.number().withoutDecimals().positive() })
)

/** Reconcile now: a range of whole days (YYYY-MM-DD). */
export const reconcileNowValidator = vine.compile(
  vine.object({
    from: vine.date({ formats: ['YYYY-MM-DD'] }),
    to: vine.date({ formats: ['YYYY-MM-DD'] }),
  })
)
