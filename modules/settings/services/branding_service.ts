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

/** Branding from the BRAND_* settings; an empty setting takes the spec's default. */
export async function getBranding(): Promise<Branding> {
  const values = await settingsService.all()
  const branding = { ...BRANDING_DEFAULTS }
  for (const [field, key] of Object.entries(BRANDING_KEYS) as [keyof Branding, string][]) {
    const value = values.get(key)
    if (value) branding[field] = value
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
