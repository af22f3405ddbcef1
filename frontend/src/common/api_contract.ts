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
