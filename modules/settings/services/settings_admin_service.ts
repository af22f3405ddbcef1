import db from '@adonisjs/lucid/services/db'
import { ApiError, bumpReferenceVersion } from '#modules/shared/index'
import { recordAudit, type Actor } from '#modules/audit/index'
import Setting, { type SettingCategory } from '../models/setting.js'
import { settingsService } from './settings_service.js'
import {
  isUnchangedSecret,
  normaliseSettingValue,
  serializeSetting,
  SENSITIVE_MASK,
} from './setting_value_rules.js'

export type SettingUpdate = { setting_key: string; setting_value?: unknown }

async function findOrFail(key: string, client?: any) {
  const setting = await Setting.query(client ? { client } : {})
    .where('setting_key', key)
    .first()
  if (!setting) throw new ApiError(`Unknown setting ${key}`, 404)
  return setting
}

const isSensitive = (setting: Setting) =>
  setting.is_sensitive || setting.setting_type === 'password'

/** A setting's value as the audit trail keeps it: sensitive values only as the mask. */
function auditedValue(setting: Setting) {
  return {
    value: isSensitive(setting)
      ? setting.setting_value
        ? SENSITIVE_MASK
        : ''
      : setting.setting_value,
  }
}

/** Runs a check and names the setting's key as the field of the error it throws (the screen shows it there). */
function onField<T>(field: string, check: () => T): T {
  try {
    return check()
  } catch (error) {
    if (error instanceof ApiError && !error.field)
      throw new ApiError(error.message, error.status, { field })
    throw error
  }
}

export const settingsAdminService = {
  /** Every setting grouped by category, in the spec's category order. */
  async grouped() {
    const rows = await Setting.query().orderBy('id')
    // Every category (the type asks for each), empty ones too.
    const groups: Record<SettingCategory, ReturnType<typeof serializeSetting>[]> = {
      formatting: [],
      email: [],
      payment: [],
      application: [],
      branding: [],
    }
    // A row of a category the screen does not know (written outside the app) is not answered.
    for (const row of rows) groups[row.category]?.push(serializeSetting(row))
    return groups
  },

  async get(key: string) {
    return serializeSetting(await findOrFail(key))
  },

  async update(key: string, value: unknown, actor: Actor) {
    return (await this.bulkUpdate([{ setting_key: key, setting_value: value }], actor))[0]
  },

  /** Validates every update first, then writes them all in one transaction (all or nothing). */
  async bulkUpdate(updates: SettingUpdate[], actor: Actor, action = 'setting.update') {
    const result = await db.transaction(async (trx) => {
      const changes: { setting: Setting; value: string | null }[] = []
      for (const update of updates) {
        const setting = await findOrFail(update.setting_key, trx)
        if (isUnchangedSecret(setting, update.setting_value)) {
          changes.push({ setting, value: null })
          continue
        }
        changes.push({
          setting,
          value: onField(setting.setting_key, () =>
            normaliseSettingValue(setting, update.setting_value)
          ),
        })
      }
      for (const { setting, value } of changes) {
        if (value === null) continue
        const before = auditedValue(setting)
        setting.useTransaction(trx)
        await setting.merge({ setting_value: value }).save()
        const after = auditedValue(setting)
        if (before.value === after.value && !isSensitive(setting)) continue
        await recordAudit(trx, {
          actor,
          action,
          entityType: 'setting',
          entityId: setting.setting_key,
          before,
          after,
        })
      }
      // Every process's cached settings are stale from this commit on.
      await bumpReferenceVersion(trx, 'settings')
      return changes.map(({ setting }) => serializeSetting(setting))
    })
    settingsService.clearCache()
    return result
  },

  clearCache() {
    settingsService.clearCache()
  },
}
