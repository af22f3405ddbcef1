import vine from '@vinejs/vine'
import { ApiError, fixedMessages } from '#modules/shared/index'
import { NO_PREVIEW } from './services/preview_cache.js'
import { WRONG_PHRASE } from './services/clean_service.js'
import { RECORD_SORT_KEYS } from './services/records_page.js'
import { MAX_RECORDS_PAGE } from './services/preview_answer.js'

export const confirmImportValidator = vine.compile(
  vine.object({ cacheKey: vine.string().trim().minLength(1).maxLength(200) })
)
confirmImportValidator.messagesProvider = fixedMessages(NO_PREVIEW)

export const cleanValidator = vine.compile(
  vine.object({ confirmation: vine.string().maxLength(100) })
)
cleanValidator.messagesProvider = fixedMessages(WRONG_PHRASE)

export const previewRecordsValidator = vine.compile(
  vine.object({
    cacheKey: vine.string().trim().minLength(1).maxLength(200),
    page: vine.number().withoutDecimals().min(1).max(1_000_000).optional(),
    limit: vine.number().withoutDecimals().min(1).max(MAX_RECORDS_PAGE).optional(),
    sort: vine.enum(RECORD_SORT_KEYS).optional(),
    direction: vine.enum(['asc', 'desc'] as const).optional(),
  })
)

export const previewErrorsValidator = vine.compile(
  vine.object({ cacheKey: vine.string().trim().minLength(1).maxLength(200) })
)
previewErrorsValidator.messagesProvider = fixedMessages(NO_PREVIEW)

/** The preview upload's form fields besides the file: `mapping`, a JSON object { "census column": "file column" }. */
export const previewFormValidator = vine.compile(
  vine.object({ mapping: vine.string().maxLength(20_000).optional() })
)

const BAD_MAPPING_FORMAT =
  'The mapping must be a JSON object naming a file column for each census column, e.g. {"Member ID": "Policy Holder No"}'

/** The mapping field's JSON, checked for its shape (its columns are checked against the file when it is read). */
export function parseMapping(text: string | undefined): Record<string, string> {
  if (!text) return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new ApiError(BAD_MAPPING_FORMAT, 422, { field: 'mapping' })
  }
  if (
    !value ||
    typeof value !== 'object' ||
    Array.isArray(value) ||
    !Object.values(value).every((column) => typeof column === 'string')
  ) {
    throw new ApiError(BAD_MAPPING_FORMAT, 422, { field: 'mapping' })
  }
  return value as Record<string, string>
}
