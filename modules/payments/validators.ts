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

/** Ledger export: a period of whole days (YYYY-MM-DD, at most 366) and the file format. */
export const ledgerExportValidator = vine.compile(
  vine.object({
    from: vine.date({ formats: ['YYYY-MM-DD'] }),
    to: vine.date({ formats: ['YYYY-MM-DD'] }),
    format: vine.enum(['csv', 'xlsx']),
  })
)
