import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import {
  EXPORT_CONTENT_TYPES,
  exportBatches,
  spreadsheetStream,
  type ExportColumn,
  type ExportFormat,
  type ExportSource,
} from '#modules/shared/index'
import { adminActor } from '../actor.js'
import { recordAudit } from './audit_service.js'

export interface ListExport<Row> {
  /** The list's name in the audit trail and the file name (members, finance_refunds …). */
  list: string
  /** The list's filters and sort as the request gave them (validated), kept in the audit entry. */
  filters: Record<string, unknown>
  format: ExportFormat
  columns: ExportColumn<Row>[]
  source: ExportSource<Row>
}

/**
 * Streams a back-office list as CSV or XLSX and writes the export to the audit trail
 * (`list.export`: who, which list, its filters, the format and the rows written). Every list
 * export goes through here, so none is left out of the trail. The entry is written once the
 * last row is (before the file's last bytes), or with `complete: false` when the download
 * stopped early. The ids are read first, so a failing query is still an error answer, and the
 * answer says how many rows it carries (`X-Export-Rows`, for the screen's progress).
 */
export async function sendListExport<Row>(ctx: HttpContext, spec: ListExport<Row>) {
  const actor = adminActor(ctx)
  const ids = await spec.source.ids()
  const name = `${spec.list}_${DateTime.utc().toISODate()}.${spec.format}`
  ctx.response.header('Content-Type', EXPORT_CONTENT_TYPES[spec.format])
  ctx.response.header('Content-Disposition', `attachment; filename="${name}"`)
  ctx.response.header('X-Export-Rows', String(ids.length))
  ctx.response.stream(
    spreadsheetStream({
      format: spec.format,
      sheetName: spec.list,
      columns: spec.columns,
      batches: exportBatches(ids, spec.source),
      finished: (rows, complete) =>
        db.transaction((trx) =>
          recordAudit(trx, {
            actor,
            action: 'list.export',
            entityType: 'list',
            entityId: spec.list,
            after: { list: spec.list, filters: spec.filters, format: spec.format, rows, complete },
          })
        ),
    })
  )
}
