import vine from '@vinejs/vine'
import { fixedMessages } from '#modules/shared/index'
import { NO_PREVIEW } from './services/preview_cache.js'
import { WRONG_PHRASE } from './services/clean_service.js'
import { RECORD_SORT_KEYS } from './services/records_page.js'
import { MAX_RECORDS_PAGE } from './services/preview_answer.js'

export const confirmImportValidator = vine.compile(vine.object({ cacheKey: vine.string().trim().minLength(1).maxLength(200) }))
confirmImportValidator.messagesProvider = fixedMessages(NO_PREVIEW)

export const cleanValidator = vine.compile(vine.object({ confirmation: vine.string().maxLength(100) }))
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
