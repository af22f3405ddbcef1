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
  const body = await response.json().catch(() => null)
  throw toHttpError(
    new ApiError(
      (body && typeof body.error === 'string' && body.error) || 'An error occurred',
      response.status,
      body
    )
  )
}
