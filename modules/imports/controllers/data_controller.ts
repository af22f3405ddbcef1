import type { HttpContext } from '@adonisjs/core/http'
import { ApiError } from '#modules/shared/index'
import { previewCensus } from '../services/preview_service.js'
import { importPreview } from '../services/import_service.js'
import { cleanDatabase } from '../services/clean_service.js'
import { databaseStats } from '../services/database_stats.js'
import { CENSUS_EXTENSIONS, MAX_UPLOAD, MAX_UPLOAD_BYTES } from '../services/upload_rules.js'
import { cleanValidator, confirmImportValidator } from '../validators.js'

/** Import Data screen: statistics, census preview and import, clean-up. */
export default class DataController {
  async stats() {
    return { success: true, stats: await databaseStats() }
  }

  async preview({ request, auth }: HttpContext) {
    const file = request.file('file', { size: MAX_UPLOAD })
    if (!file || !file.tmpPath) throw new ApiError('Please select a file first', 422)
    if (!CENSUS_EXTENSIONS.includes((file.extname ?? '').toLowerCase())) throw new ApiError('Please select a CSV or XLSX file', 422)
    if (file.size > MAX_UPLOAD_BYTES) throw new ApiError('The file is larger than the 50 MB limit', 413)
    const { cacheKey, ...preview } = await previewCensus(file.tmpPath, file.clientName, `admin:${auth.use('admin').user!.id}`)
    return { success: true, message: 'File parsed successfully! Review the preview below.', preview, cacheKey }
  }

  async confirm({ request, auth }: HttpContext) {
    const { cacheKey } = await request.validateUsing(confirmImportValidator)
    return { success: true, ...(await importPreview(cacheKey, `admin:${auth.use('admin').user!.id}`)) }
  }

  async clean({ request }: HttpContext) {
    const { confirmation } = await request.validateUsing(cleanValidator)
    return { success: true, ...(await cleanDatabase(confirmation)) }
  }
}
