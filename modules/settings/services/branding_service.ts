import { languageOf, translator } from '#modules/shared/index'
import { BRANDING_DEFAULTS } from '../catalogue.js'
import { settingsService } from './settings_service.js'

export type Branding = typeof BRANDING_DEFAULTS

/** Branding field on the wire -> its setting key. */
export const BRANDING_KEYS: Record<keyof Branding, string> = {
  brandName: 'BRAND_NAME',
  logoUrl: 'BRAND_LOGO_URL',
  primaryColor: 'BRAND_PRIMARY_COLOR',
  secondaryColor: 'BRAND_SECONDARY_COLOR',
  accentColor: 'BRAND_ACCENT_COLOR',
  successColor: 'BRAND_SUCCESS_COLOR',
  errorColor: 'BRAND_ERROR_COLOR',
  warningColor: 'BRAND_WARNING_COLOR',
  tagline: 'BRAND_TAGLINE',
  supportEmail: 'BRAND_SUPPORT_EMAIL',
  websiteUrl: 'BRAND_WEBSITE_URL',
}

/** The branding words an administrator may set per language (BRAND_NAME_DE, BRAND_TAGLINE_FR, …). */
const LANGUAGE_BRANDING_FIELDS = ['brandName', 'tagline'] as const

/** Their built-in defaults in the server catalogue (resources/lang/<language>/branding.json). */
const CATALOGUE_KEYS: Record<(typeof LANGUAGE_BRANDING_FIELDS)[number], string> = {
  brandName: 'branding.brand_name',
  tagline: 'branding.tagline',
}

/**
 * Branding from the BRAND_* settings; an empty setting takes the spec's default. In a language
 * other than English the brand name and tagline are, in order: the language's own setting
 * (BRAND_NAME_DE); the base setting when an administrator changed it from the spec's default (a
 * brand name is a proper noun, kept in every language); else the default in that language.
 */
export async function getBranding(language?: unknown): Promise<Branding> {
  const values = await settingsService.all()
  const branding = { ...BRANDING_DEFAULTS }
  for (const [field, key] of Object.entries(BRANDING_KEYS) as [keyof Branding, string][]) {
    const value = values.get(key)
    if (value) branding[field] = value
  }
  const lang = languageOf(language)
  if (lang === 'en') return branding
  for (const field of LANGUAGE_BRANDING_FIELDS) {
    const own = values.get(`${BRANDING_KEYS[field]}_${lang.toUpperCase()}`)
    if (own) branding[field] = own
    else if (branding[field] === BRANDING_DEFAULTS[field])
      branding[field] = translator(lang).t(CATALOGUE_KEYS[field], {}, BRANDING_DEFAULTS[field])
  }
  return branding
}

export async function getBrandColors() {
  const b = await getBranding()
  return {
    primary: b.primaryColor,
    secondary: b.secondaryColor,
    accent: b.accentColor,
    success: b.successColor,
    error: b.errorColor,
    warning: b.warningColor,
  }
}
