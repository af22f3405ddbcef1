import { previewCache } from './services/preview_cache.js'

/** Census import, database statistics and clean-up: the only door other modules and the CLI use. */
export {
  previewCensus,
  MissingColumnsApiError,
  SAMPLE_SIZE,
  type CensusPreview,
  type PreviewOptions,
} from './services/preview_service.js'
export {
  previewAnswer,
  previewRecords,
  PREVIEW_PARSED,
  RECORDS_IN_ANSWER,
} from './services/preview_answer.js'
export {
  importPreview,
  BATCH_SIZE,
  type ImportResult,
  type ImportProgress,
} from './services/import_service.js'
export { IMPORT_RACE } from './services/member_batches.js'
export {
  cleanDatabase,
  startClean,
  cleanStatus,
  cleanWait,
  CLEAN_PHRASE,
  WRONG_PHRASE,
  CLEAN_BATCH_ROWS,
  type CleanResult,
  type CleanRun,
  type CleanProgress,
} from './services/clean_service.js'
export { databaseStats } from './services/database_stats.js'
export { NO_PREVIEW, PREVIEW_TTL_MS } from './services/preview_cache.js'
export { CENSUS_COLUMNS } from './census/columns.js'
export * from './census/limits.js'
export { CENSUS_EXTENSIONS, MAX_UPLOAD_BYTES } from './services/upload_rules.js'
/** Drops a preview that will not be confirmed (a dry run). */
export const discardPreview = (cacheKey: string) => previewCache.remove(cacheKey)
