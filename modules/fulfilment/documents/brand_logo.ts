import logger from '@adonisjs/core/services/logger'

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
    const response = await fetch(logoUrl.trim(), { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) })
    const type = (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
    if (!response.ok || !IMAGE_TYPES.includes(type)) throw new Error(`answered ${response.status} ${type || 'without a type'}`)
    const bytes = Buffer.from(await response.arrayBuffer())
    if (bytes.length > MAX_LOGO_BYTES) throw new Error(`is larger than ${MAX_LOGO_BYTES} bytes`)
    return bytes
  } catch (error) {
    logger.warn({ logoUrl, err: error }, 'The brand logo is left out of the documents')
    return null
  }
}
