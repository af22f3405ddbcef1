/** Shared building blocks every module may use. */
export { ApiError } from './api_error.js'
export * from './money.js'
export * from './dates.js'
export { jsonColumn, booleanColumn, decimalColumn } from './json_column.js'
export { fixedMessages } from './validation_messages.js'
export { textKey } from './text_keys.js'
export { foldText } from './fold_text.js'
export { matchAny } from './text_search.js'
