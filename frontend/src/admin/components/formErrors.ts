import { toHttpError } from '../dataProvider'

/**
 * A failed save's field messages for react-admin's `<Form onSubmit>` (returned errors are shown on
 * their inputs): the server's 422 `errors`, renamed from the API's field names to the form's sources.
 * Undefined when the server named no field (the caller reports the error otherwise).
 */
export function submissionErrors(
  error: unknown,
  sources: Record<string, string> = {}
): Record<string, string> | undefined {
  const errors = toHttpError(error).body?.errors as Record<string, string> | undefined
  if (!errors || Object.keys(errors).length === 0) return undefined
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [sources[field] ?? field, message])
  )
}
