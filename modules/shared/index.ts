/** Shared building blocks every module may use. */
export * from './thread_safe.js'
export { jsonColumn, booleanColumn, decimalColumn } from './json_column.js'
export { fixedMessages } from './validation_messages.js'
export { lockingTransaction, forUpdate, retryOnDeadlock } from './row_locks.js'
export { readCache } from './read_cache.js'
export { referenceCache, bumpReferenceVersion } from './reference_cache.js'
export { sendSharedJson } from './shared_json.js'
export { matchAny, startsWith } from './text_search.js'
export { foldText } from './fold_text.js'
export { collectGarbageSoon } from './memory.js'
export { bulkPause } from './bulk_pause.js'
export * from './migration_outcomes.js'
export type { BackgroundTask } from './background_task.js'
export { periodicTask, type PeriodicTask } from './periodic_task.js'
export {
  OutboundUrlRefused,
  checkOutboundUrl,
  outboundRequest,
  outboundSettings,
  parseAllowRanges,
  refusalOf,
} from './outbound_url.js'
export {
  restListQueryValidator,
  restExportQueryValidator,
  readRestListQuery,
  contentRange,
  type RestListQuery,
} from './rest_list.js'
export {
  DEFAULT_LANGUAGE,
  pickLanguage,
  languageOf,
  translator,
  formatAmount,
  translateMemberMessage,
  type Language,
} from './languages.js'
export { insertStatements, runStatements, insertRows, type Statement } from './bulk_insert.js'
export { ERASED_TEXT, dateForms, personalTexts, scrubbedColumns } from './personal_data.js'
export {
  EXPORT_FORMATS,
  EXPORT_CONTENT_TYPES,
  exportBatches,
  fieldColumns,
  spreadsheetStream,
  type ExportColumn,
  type ExportFormat,
  type ExportSource,
} from './spreadsheet_export.js'
