import vine from '@vinejs/vine'
import { fixedMessages } from '#modules/shared/index'
import { NO_PREVIEW } from './services/preview_cache.js'
import { WRONG_PHRASE } from './services/clean_service.js'

export const confirmImportValidator = vine.compile(vine.object({ cacheKey: vine.string().trim().minLength(1).maxLength(200) }))
confirmImportValidator.messagesProvider = fixedMessages(NO_PREVIEW)

export const cleanValidator = vine.compile(vine.object({ confirmation: vine.string().maxLength(100) }))
cleanValidator.messagesProvider = fixedMessages(WRONG_PHRASE)
