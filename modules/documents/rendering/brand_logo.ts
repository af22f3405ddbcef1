import logger from '@adonisjs/core/services/logger'
import { outboundRequest } from '#modules/shared/index'

/** PNG and JPEG are the formats pdfkit embeds. */
const IMAGE_TYPES = ['image/png', 'image/jpeg']
const MAX_LOGO_BYTES = 2 * 1024 * 1024
const FETCH_TIMEOUT_MS = 5000

/**
 * The brand logo (BRAND_LOGO_URL) as image bytes for the documents, or null
 * when there is none or it cannot be had: a missing logo never stops a
 * policy document from being issued, it is only logged.
 */
export async function loadBrandLogo(logoUrl: string): Promise<Buffer | null> {
  if (!/^https?:\/\//i.test(logoUrl.trim())) return null
  try {
    // The outbound-URL policy: no loopback, private, link-local or metadata address; no redirect followed.
    const response = await outboundRequest(logoUrl.trim(), {
      timeoutMs: FETCH_TIMEOUT_MS,
      maxBytes: MAX_LOGO_BYTES,
    })
    const type = String(response.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase()
    if (!response.ok || !IMAGE_TYPES.includes(type))
      throw new Error(`answered ${response.status} ${type || 'without a type'}`)
    return response.body
  } catch (error) {
    logger.warn({ logoUrl, err: error }, 'The brand logo is left out of the documents')
    return null
  }
}
