import type { paths } from './api_types.js'

/*
| The shop's and back-office's view of the API, taken from the types generated from the server's
| OpenAPI document (api_types.ts, `npm run api:types`; a test fails when they are out of date). A
| request body or answer that no longer matches the server then fails `tsc`, not a member.
*/
type Json<T> = T extends { content: { 'application/json': infer Body } } ? Body : never
type Operation<Path extends keyof paths, Method extends keyof paths[Path]> = NonNullable<
  paths[Path][Method]
>

/** The JSON body a route takes. */
export type ApiBody<Path extends keyof paths, Method extends keyof paths[Path]> =
  Operation<Path, Method> extends { requestBody?: infer Body } ? Json<NonNullable<Body>> : never

/** The JSON a route answers with on success (200, else 201 or 202). */
export type ApiAnswer<Path extends keyof paths, Method extends keyof paths[Path]> =
  Operation<Path, Method> extends { responses: infer Responses }
    ? Responses extends { 200: infer Answer }
      ? Json<Answer>
      : Responses extends { 201: infer Answer }
        ? Json<Answer>
        : Responses extends { 202: infer Answer }
          ? Json<Answer>
          : never
    : never

/*
| The typed calls (`api.get('/api/member/area')`): the path is a documented route's path, its
| `{parameters}` filled from `path`, its query from `query`, and the answer and body types are the
| route's, so no caller picks an answer type of its own.
*/
export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'
/** Documented API paths, less the catch-all 404 route. */
type ApiPath = Exclude<Extract<keyof paths, `/api/${string}`>, '/api/{path}'>

/** The documented paths that take `Method`. */
export type ApiPathFor<Method extends ApiMethod> = {
  [Path in ApiPath]: [NonNullable<paths[Path][Method]>] extends [never] ? never : Path
}[ApiPath]

type RouteParameters<Path extends ApiPath, Method extends ApiMethod> =
  Operation<Path, Method> extends { parameters: infer Given } ? Given : object
type PathPart<Given> = Given extends { path: infer Values } ? { path: Values } : { path?: never }
type QueryPart<Given> = Given extends { query: infer Values }
  ? { query: Values }
  : Given extends { query?: infer Values }
    ? [NonNullable<Values>] extends [never]
      ? { query?: never }
      : { query?: NonNullable<Values> }
    : { query?: never }
type BodyPart<Body> = [Body] extends [never]
  ? { body?: never }
  : undefined extends Body
    ? { body?: FormData | NonNullable<Body> }
    : { body: FormData | Body }
type RequestBody<Path extends ApiPath, Method extends ApiMethod> =
  Operation<Path, Method> extends { requestBody: { content: infer Content } }
    ? Content[keyof Content]
    : Operation<Path, Method> extends { requestBody?: { content: infer Content } }
      ? Content[keyof Content] | undefined
      : never

/** What a call sends besides its path: the path's parameters, the query and the body. */
type ApiInit<Path extends ApiPath, Method extends ApiMethod> = PathPart<
  RouteParameters<Path, Method>
> &
  QueryPart<RouteParameters<Path, Method>> &
  BodyPart<RequestBody<Path, Method>>

/** The init is optional when nothing in it is required. */
export type ApiInitArgs<Path extends ApiPath, Method extends ApiMethod> =
  object extends ApiInit<Path, Method>
    ? [init?: ApiInit<Path, Method>]
    : [init: ApiInit<Path, Method>]

/** A call's answer: the route's documented success JSON (unknown for a route without one). */
export type ApiResult<Path extends ApiPath, Method extends ApiMethod> = [
  ApiAnswer<Path, Method>,
] extends [never]
  ? unknown
  : ApiAnswer<Path, Method>
