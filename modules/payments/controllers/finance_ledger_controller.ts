import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { adminActor, recordAudit } from '#modules/audit/index'
import { ApiError, EXPORT_CONTENT_TYPES } from '#modules/shared/index'
import { ledgerFile } from '../services/ledger_export.js'
import { ledgerExportValidator } from '../validators.js'

const MAX_DAYS = 366

/** Finance's ledger export of a period (docs/payments.md "Ledger export"), streamed, audited. */
export default class FinanceLedgerController {
  async export(ctx: HttpContext) {
    const { from, to, format } = await ledgerExportValidator.validate(ctx.request.qs())
    const start = DateTime.fromJSDate(from).startOf('day')
    const end = DateTime.fromJSDate(to).endOf('day')
    if (end < start)
      throw new ApiError('The end date must not be before the start date', 422, { field: 'to' })
    if (end.diff(start, 'days').days > MAX_DAYS)
      throw new ApiError(`Export at most ${MAX_DAYS} days at once`, 422, { field: 'to' })
    const period = { from: start, to: end }
    // Recorded before the file streams: who took the ledger of which period matters even if the download breaks.
    await db.transaction((trx) =>
      recordAudit(trx, {
        actor: adminActor(ctx),
        action: 'ledger.export',
        entityType: 'ledger',
        entityId: null,
        after: { from: start.toISODate(), to: end.toISODate(), format },
      })
    )
    const name = `ledger_${start.toISODate()}_${end.toISODate()}.${format}`
    ctx.response.header('Content-Type', EXPORT_CONTENT_TYPES[format])
    ctx.response.header('Content-Disposition', `attachment; filename="${name}"`)
    ctx.response.stream(ledgerFile(period, format))
  }
}
