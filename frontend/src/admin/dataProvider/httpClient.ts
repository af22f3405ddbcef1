import { HttpError } from 'react-admin'
import { ApiError, apiFetch, request, type RequestOptions } from '../../common/api'

/**
 * The back-office's calls go through common/api (cookies, XSRF header, `{ success: false, error }`
 * bodies) and fail as react-admin's HttpError: status for authProvider.checkError, the server's
 * text as message, and `body.errors` as `{ field: message }` so forms put 422s on their fields.
 */
export async function call<T = any>(
  method: string,
  path: string,
  body?: unknown,
  options?: RequestOptions
): Promise<T> {
  try {
    return await request<T>(method, path, body, options)
  } catch (error) {
    throw toHttpError(error)
  }
}

export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error
  if (!(error instanceof ApiError))
    return new HttpError(error instanceof Error ? error.message : 'An error occurred', 0)
  const body = (error.body ?? {}) as { errors?: { field?: string; message: string }[] }
  const errors: Record<string, string> = {}
  for (const item of Array.isArray(body.errors) ? body.errors : []) {
    if (item.field && !(item.field in errors)) errors[item.field] = item.message
  }
  return new HttpError(error.message, error.status, { ...body, errors })
}

/**
 * A file the API answers (e.g. the import's error CSV), as a Blob with the name the server gives it; a failure is an HttpError like
 * call()'s (the server's JSON error read). Only GET: downloads change nothing.
 */
export async function downloadFile(path: string): Promise<{ blob: Blob; fileName: string }> {
  let response: Response
  try {
    response = await apiFetch(path, { credentials: 'include' })
  } catch {
    throw new HttpError('Network error', 0)
  }
  if (response.ok) {
    const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')
    return { blob: await response.blob(), fileName: named?.[1] ?? 'download' }
  }
  throw await failure(response)
}

/** The HttpError of a refused download: the server's JSON `error` text. */
async function failure(response: Response): Promise<HttpError> {
  const body = await response.json().catch(() => null)
  return toHttpError(
    new ApiError(
      (body && typeof body.error === 'string' && body.error) || 'An error occurred',
      response.status,
      body
    )
  )
}

/** How far a streamed download is: bytes received, and the rows the server said it sends (X-Export-Rows). */
export interface DownloadProgress {
  bytes: number
  rows: number | null
}

/**
 * A file the server streams (a list's export), read as it arrives so the screen can show how far it
 * is; the same errors as downloadFile.
 */
export async function downloadStream(
  path: string,
  onProgress: (progress: DownloadProgress) => void
): Promise<{ blob: Blob; fileName: string }> {
  let response: Response
  try {
    response = await apiFetch(path, { credentials: 'include' })
  } catch {
    throw new HttpError('Network error', 0)
  }
  if (!response.ok) throw await failure(response)
  if (!response.body) throw new HttpError('The download was interrupted', 0)
  const named = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')
  const rowsHeader = response.headers.get('X-Export-Rows')
  const rows = rowsHeader === null ? null : Number(rowsHeader)
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let bytes = 0
  onProgress({ bytes, rows })
  for (;;) {
    let part: ReadableStreamReadResult<Uint8Array>
    try {
      part = await reader.read()
    } catch {
      throw new HttpError('The download was interrupted', 0)
    }
    if (part.done) break
    chunks.push(part.value)
    bytes += part.value.byteLength
    onProgress({ bytes, rows })
  }
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream'
  return { blob: new Blob(chunks as BlobPart[], { type }), fileName: named?.[1] ?? 'download' }
}
