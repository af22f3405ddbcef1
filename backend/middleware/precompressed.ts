import { access } from 'node:fs/promises'
import { extname } from 'node:path'
import type { Request } from '@adonisjs/core/http'

/** Content types of the files the build precompresses (frontend/vite.config.ts). */
const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
}

const SUFFIXES = { br: '.br', gzip: '.gz' } as const

export type Precompressed = {
  /** The suffix to add to the file (and its URL): '' when the plain file is to be sent. */
  suffix: string
  /** Headers to send with it (Content-Encoding, Content-Type, Vary); none when the file has no variants. */
  headers: Record<string, string>
}

async function exists(path: string) {
  return access(path).then(
    () => true,
    () => false
  )
}

/**
 * Which of a built file's variants to send (`file.br`, `file.gz` written at build time, or the
 * file itself), chosen by the client's Accept-Encoding (brotli whenever accepted, else gzip).
 */
export async function precompressedVariant(request: Request, file: string): Promise<Precompressed> {
  const contentType = CONTENT_TYPES[extname(file)]
  if (!contentType) return { suffix: '', headers: {} }
  // Each asked on its own: with equal q-values the negotiator would follow the header's order
  // ("gzip, deflate, br" in every browser), and brotli files are 15–20 % smaller.
  const encoding = request.encoding(['br']) || request.encoding(['gzip'])
  const vary = { Vary: 'Accept-Encoding' }
  if ((encoding === 'br' || encoding === 'gzip') && (await exists(file + SUFFIXES[encoding]))) {
    return {
      suffix: SUFFIXES[encoding],
      headers: { ...vary, 'Content-Encoding': encoding, 'Content-Type': contentType },
    }
  }
  return { suffix: '', headers: (await exists(file + SUFFIXES.gzip)) ? vary : {} }
}
