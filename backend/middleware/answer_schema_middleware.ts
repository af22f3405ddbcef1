import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { answerSchema, describeErrors, openApiPath } from '#modules/api_contract/index'

/**
 * The answer schema is the serializer: a JSON success answer of a documented API route leaves as
 * its schema in the OpenAPI document names it (modules/api_contract/answer_schemas.ts, compiled once
 * per route and status). A field no schema names is dropped and logged; an answer of the wrong type
 * is logged with the route and the field. `ANSWER_SCHEMA_STRICT=1` (a developer's run) makes either
 * fail the request (500); the test suites run as production does, and their contract check still
 * fails on either.
 */
export default class AnswerSchemaMiddleware {
  constructor(private strict = process.env.ANSWER_SCHEMA_STRICT === '1') {}

  async handle(ctx: HttpContext, next: NextFn) {
    await next()
    const { response, route } = ctx
    const status = response.getStatus()
    if (!route?.pattern.startsWith('/api/') || status < 200 || status >= 300) return
    const body: unknown = response.getBody()
    if (body === null || typeof body !== 'object' || Buffer.isBuffer(body)) return
    const schema = answerSchema(ctx.request.method(), openApiPath(route.pattern), status)
    if (!schema) return
    // Plain data that fits costs one validation. Otherwise what the client would receive (models
    // and dates as their toJSON gives them) is checked, and cleaned when it does not fit.
    if (schema.check(body)) return
    const json = JSON.parse(JSON.stringify(body))
    if (schema.check(json)) return
    const where = `${ctx.request.method()} ${route.pattern} → ${status}`
    const unknownFields = describeErrors(schema.check)
    schema.clean(json)
    const fits = schema.check(json)
    const problem = fits
      ? `fields it does not name (${unknownFields})`
      : describeErrors(schema.check)
    if (this.strict) throw new Error(`The answer of ${where} does not match its schema: ${problem}`)
    ctx.logger[fits ? 'warn' : 'error'](
      { route: route.name, answerSchema: problem },
      fits ? 'answer has fields its schema does not name' : 'answer does not match its schema'
    )
    response.send(json)
  }
}
