import { extname } from 'node:path'
import type { HttpContext } from '@adonisjs/core/http'
import { ApiError } from '#modules/shared/index'
import { adminActor } from '#modules/audit/index'
import { MissingColumnsApiError, previewCensus } from '../services/preview_service.js'
import { previewErrorFile } from '../services/error_file.js'
import { previewAnswer, previewRecords } from '../services/preview_answer.js'
import { importPreview } from '../services/import_service.js'
import { cleanStatus, startClean, type CleanRun } from '../services/clean_service.js'
import { databaseStats } from '../services/database_stats.js'
import { CENSUS_EXTENSIONS, MAX_UPLOAD, MAX_UPLOAD_BYTES } from '../services/upload_rules.js'
import {
  cleanValidator,
  confirmImportValidator,
  parseMapping,
  previewErrorsValidator,
  previewFormValidator,
  previewRecordsValidator,
} from '../validators.js'
import type {
  DataCleanAnswer,
  DataCleanStatusAnswer,
  DataConfirmImportAnswer,
  DataPreviewAnswer,
  DataPreviewRecordsAnswer,
  DataStatsAnswer,
} from '../api_docs.js'

/** Aborted when the client goes away before its answer is sent: the reading thread stops then. */
function clientGone(response: HttpContext['response']): AbortSignal {
  const controller = new AbortController()
  const raw = response.response
  raw.once('close', () => {
    if (!raw.writableFinished) controller.abort()
  })
  return controller.signal
}

/** A clean run as answered (without its lease). */
const cleanAnswer = ({ leaseExpiresMs: _lease, ...run }: CleanRun) => run

const owner = (auth: HttpContext['auth']) => `admin:${auth.use('admin').user!.id}`

/** Import Data screen: statistics, census preview and import, clean-up. */
export default class DataController {
  async stats(): Promise<DataStatsAnswer> {
    return { success: true, stats: await databaseStats() }
  }

  async preview({ request, response, auth }: HttpContext) {
    const file = request.file('file', { size: MAX_UPLOAD })
    if (!file || !file.tmpPath) throw new ApiError('Please select a file first', 422)
    // The name's extension, not file.extname: that one comes from the content ("cfb" for an
    // Excel 97-2003 .xls, "zip" for a broken XLSX); the reader decides by content itself.
    if (!CENSUS_EXTENSIONS.includes(extname(file.clientName).slice(1).toLowerCase()))
      throw new ApiError('Please select a CSV or XLSX file', 422)
    if (file.size > MAX_UPLOAD_BYTES)
      throw new ApiError('The file is larger than the 50 MB limit', 413)
    const mapping = parseMapping((await previewFormValidator.validate(request.body())).mapping)
    try {
      const preview = await previewCensus(file.tmpPath, file.clientName, owner(auth), {
        signal: clientGone(response),
        mapping,
      })
      const answer: DataPreviewAnswer = await previewAnswer(preview)
      return answer
    } catch (error) {
      if (!(error instanceof MissingColumnsApiError)) throw error
      // The mapping step's question: which required columns are missing, and which columns the file has.
      const { message: text, missingColumns, fileColumns } = error
      return response
        .status(422)
        .send({ success: false, error: text, missingColumns, fileColumns, requestId: request.id() })
    }
  }

  /** The preview's skipped rows as CSV: the file's columns, then Row and Reason. */
  async errors({ request, response, auth }: HttpContext) {
    const { cacheKey } = await previewErrorsValidator.validate(request.qs())
    const { fileName, stream } = await previewErrorFile(cacheKey, owner(auth))
    response.header('Content-Type', 'text/csv; charset=utf-8')
    response.header('Content-Disposition', `attachment; filename="${fileName}"`)
    response.stream(stream)
  }

  async records({ request, response, auth }: HttpContext): Promise<DataPreviewRecordsAnswer> {
    const { cacheKey, page, limit, sort, direction } = await previewRecordsValidator.validate(
      request.qs()
    )
    const query = { page: page ?? 1, limit: limit ?? 100, sort, direction }
    return {
      success: true,
      ...(await previewRecords(cacheKey, owner(auth), query, clientGone(response))),
    }
  }

  async confirm(ctx: HttpContext): Promise<DataConfirmImportAnswer> {
    const { cacheKey } = await ctx.request.validateUsing(confirmImportValidator)
    return { success: true, ...(await importPreview(cacheKey, owner(ctx.auth), adminActor(ctx))) }
  }

  /** 200 when the clean ended within the wait, 202 while it still runs (the screen then polls cleanStatus). */
  async clean(ctx: HttpContext) {
    const { confirmation } = await ctx.request.validateUsing(cleanValidator)
    const run = await startClean(confirmation, adminActor(ctx))
    if (run.status === 'failed') throw new ApiError(`The clean stopped: ${run.error}`, 500)
    const answer: DataCleanAnswer = {
      success: true,
      deletedCounts: run.deletedCounts,
      clean: cleanAnswer(run),
    }
    return ctx.response.status(run.status === 'done' ? 200 : 202).send(answer)
  }

  async cleanStatus(): Promise<DataCleanStatusAnswer> {
    const run = await cleanStatus()
    return { success: true, clean: run && cleanAnswer(run) }
  }
}
