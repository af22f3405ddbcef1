import type { HttpContext } from '@adonisjs/core/http'
import { getBrandColors, getBranding } from '../services/branding_service.js'
import { publicFormattingSettings } from '../services/formatting_service.js'
import type {
  BrandingColorsAnswer,
  BrandingShowAnswer,
  SettingsFormattingAnswer,
} from '../api_docs.js'

/** Public, read-only calls used by the shop before anyone signs in. */
export default class BrandingController {
  async show(): Promise<BrandingShowAnswer> {
    return { success: true, branding: await getBranding() }
  }

  async colors(): Promise<BrandingColorsAnswer> {
    return { success: true, colors: await getBrandColors() }
  }

  /** The formatting category only (decisions.md §2). */
  async formatting(_ctx: HttpContext): Promise<SettingsFormattingAnswer> {
    return { success: true, settings: { formatting: await publicFormattingSettings() } }
  }
}
