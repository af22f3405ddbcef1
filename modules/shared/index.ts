/** Shared building blocks every module may use. */
export * from './thread_safe.js'
export { jsonColumn, booleanColumn, decimalColumn } from './json_column.js'
export { fixedMessages } from './validation_messages.js'
export { lockingTransaction, forUpdate, retryOnDeadlock } from './row_locks.js'
export { readCache } from './read_cache.js'
export { sendSharedJson } from './shared_json.js'
export { foldText } from './fold_text.js'
export { matchAny } from './text_search.js'
