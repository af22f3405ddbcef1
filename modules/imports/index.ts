import { previewCache } from './services/preview_cache.js'

/** Census import, database statistics and clean-up: the only door other modules and the CLI use. */
export { previewCensus, MissingColumnsApiError } from './services/preview_service.js'
export { previewAnswer } from './services/preview_answer.js'
export { importPreview, importKeepsCommittedBatches } from './services/import_service.js'
export {
  cleanDatabase,
  cleanWait,
  CLEAN_PHRASE,
  CLEAN_BATCH_ROWS,
  type CleanRun,
} from './services/clean_service.js'
export * from './census/limits.js'
export { CENSUS_EXTENSIONS } from './services/upload_rules.js'
/** Drops a preview that will not be confirmed (a dry run). */
export const discardPreview = (cacheKey: string) => previewCache.remove(cacheKey)
