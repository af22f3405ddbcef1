import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { ApiError } from '#modules/shared/index'

/** Deepest nesting of arrays/objects a request body or query string may have. */
export const MAX_INPUT_DEPTH = 32

/**
 * Refuses, before any handler runs, input the handlers are not built for:
 * bodies or query strings nested deeper than MAX_INPUT_DEPTH and strings
 * that are not well-formed Unicode (lone surrogates such as "\ud800", which
 * MariaDB and encoders refuse). Runs just before the body parser: the body is
 * checked the moment the parser hands it over (`setInitialBody`), because the
 * framework deep-clones it there and a 2,000-deep body overflows the stack in
 * that clone. The walk is iterative, so it cannot overflow itself.
 */
export default class BodyShapeMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    refuseIfMalformed(ctx.request.qs())
    refuseIfMalformed(ctx.params)
    const request = ctx.request
    const setInitialBody = request.setInitialBody.bind(request)
    request.setInitialBody = (body) => {
      refuseIfMalformed(body)
      setInitialBody(body)
    }
    return next()
  }
}

function refuseIfMalformed(input: unknown) {
  const problem = inputProblem(input)
  if (problem) throw new ApiError(problem, 400)
}

/** With the u flag a surrogate pair reads as one code point: only lone halves match. */
const LONE_SURROGATE = /\p{Surrogate}/u

/** Why a parsed input is refused, or null when it is acceptable. */
export function inputProblem(input: unknown): string | null {
  const pending: { value: unknown; depth: number }[] = [{ value: input, depth: 0 }]
  while (pending.length > 0) {
    const { value, depth } = pending.pop()!
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) return 'The request contains invalid text (malformed Unicode)'
      continue
    }
    if (value === null || typeof value !== 'object') continue
    // Uploaded files (multipart) are objects the import module reads; not input text.
    if (
      !Array.isArray(value) &&
      Object.getPrototypeOf(value) !== Object.prototype &&
      Object.getPrototypeOf(value) !== null
    )
      continue
    if (depth >= MAX_INPUT_DEPTH)
      return `The request is nested too deeply (at most ${MAX_INPUT_DEPTH} levels)`
    for (const [key, child] of Object.entries(value)) {
      if (LONE_SURROGATE.test(key)) return 'The request contains invalid text (malformed Unicode)'
      pending.push({ value: child, depth: depth + 1 })
    }
  }
  return null
}
