import { IANAZone } from 'luxon'
import { ApiError } from '#modules/shared/index'
import type Setting from '../models/setting.js'
import { OPTION_SETTINGS } from '../format_options.js'
import { environmentValue } from '../environment_overrides.js'

/** Shown instead of a sensitive value; sending it back keeps the stored value. */
export const SENSITIVE_MASK = '••••••••'

const COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const MAX_LENGTH = 2000

function isHttpUrl(value: string) {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

const wholeNumber = (min: number, max: number) => (value: string) =>
  /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max

/** Settings whose values other modules compute with: a bad value would break every price or link. */
const KEY_RULES: Record<string, { accepts: (value: string) => boolean; expected: string }> = {
  TIMEZONE: {
    accepts: (value) => IANAZone.isValidZone(value),
    expected: 'an IANA time zone such as UTC or Europe/Zurich',
  },
  TOKEN_EXPIRATION_DAYS: {
    accepts: (value) => /^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 365,
    expected: 'a whole number of days from 1 to 365',
  },
  INVITATION_REMINDER_DAYS: {
    accepts: wholeNumber(0, 365),
    expected: 'a whole number of days from 0 (off) to 365',
  },
  INVITATION_MAX_REMINDERS: {
    accepts: wholeNumber(0, 20),
    expected: 'a whole number from 0 to 20',
  },
  DUNNING_REMINDER_DAYS: {
    accepts: (value) =>
      /^(0|[1-9]\d{0,2}(\s*,\s*[1-9]\d{0,2}){0,9})$/.test(value) &&
      value.split(',').every((day) => Number(day) <= 365),
    expected: 'whole days from 1 to 365 separated by commas (at most 10), or 0 for none',
  },
  RENEWAL_INVITATION_DAYS: {
    accepts: wholeNumber(1, 365),
    expected: 'a whole number of days from 1 to 365',
  },
  LINK_EXPIRY_REMINDER_DAYS: {
    accepts: wholeNumber(0, 60),
    expected: 'a whole number of days from 0 (off) to 60',
  },
}

/**
 * Checks a new value against the setting's type and returns the string to
 * store. Empty text, email and url values are allowed: empty means "unset"
 * (e.g. no global email override), and the catalogue default applies.
 */
export function normaliseSettingValue(setting: Setting, raw: unknown): string {
  const value = normaliseByType(setting, raw)
  const keyRule = KEY_RULES[setting.setting_key]
  if (keyRule && !keyRule.accepts(value))
    throw new ApiError(`${setting.display_name} must be ${keyRule.expected}`, 422)
  return value
}

function normaliseByType(setting: Setting, raw: unknown): string {
  if (!setting.is_editable) throw new ApiError(`Setting ${setting.setting_key} is read-only`, 403)
  if (raw !== null && !['string', 'number', 'boolean'].includes(typeof raw)) {
    throw new ApiError(
      `${setting.display_name}: the value must be text, a number or a boolean`,
      422
    )
  }
  const value = raw === null ? '' : String(raw).trim()
  const invalid = (expected: string) =>
    new ApiError(`${setting.display_name} must be ${expected}`, 422)
  if (value.length > MAX_LENGTH) throw invalid(`at most ${MAX_LENGTH} characters`)

  const options = OPTION_SETTINGS[setting.setting_key]
  if (options && !options.some((option) => option.value === value)) {
    throw invalid(`one of ${options.map((option) => option.value).join(', ')}`)
  }
  switch (setting.setting_type) {
    case 'boolean':
      if (value !== 'true' && value !== 'false') throw invalid('true or false')
      return value
    case 'number':
      if (value === '' || !Number.isFinite(Number(value))) throw invalid('a number')
      return String(Number(value))
    case 'color':
      if (!COLOR.test(value)) throw invalid('a colour like #1a2b3c')
      return value.toLowerCase()
    case 'email':
      if (value !== '' && !EMAIL.test(value)) throw invalid('a valid email address')
      return value
    case 'url':
      if (value !== '' && !isHttpUrl(value)) throw invalid('an http(s) URL')
      return value
    default:
      return value
  }
}

/** A setting as admins see it: sensitive values masked (decisions.md §2). */
export function serializeSetting(setting: Setting) {
  const sensitive = setting.is_sensitive || setting.setting_type === 'password'
  return {
    id: setting.id,
    setting_key: setting.setting_key,
    setting_value:
      sensitive && setting.setting_value ? SENSITIVE_MASK : (setting.setting_value ?? ''),
    setting_type: setting.setting_type,
    display_name: setting.display_name,
    description: setting.description,
    is_editable: setting.is_editable,
    is_sensitive: sensitive,
    category: setting.category,
    /** True when the environment variable of the same name is set: it wins over this stored value. */
    overridden_by_environment: environmentValue(setting.setting_key) !== null,
  }
}

/** True when the client sent the mask back unchanged: the stored secret must stay. */
export function isUnchangedSecret(setting: Setting, raw: unknown) {
  return (setting.is_sensitive || setting.setting_type === 'password') && raw === SENSITIVE_MASK
}
