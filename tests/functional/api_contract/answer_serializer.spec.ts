import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import router from '@adonisjs/core/services/router'
import AnswerSchemaMiddleware from '#backend/middleware/answer_schema_middleware'

/*
| The answer schema is the serializer (backend/middleware/answer_schema_middleware.ts): what a
| handler answers is sent as the route's schema in the OpenAPI document names it. The handler is
| played here by `next`, answering GET /api/health (schema: success, status) with more than that.
*/
async function answerThrough(middleware: AnswerSchemaMiddleware, body: unknown, status = 200) {
  const ctx = await testUtils.createHttpContext()
  const matched = router.match('/api/health', 'GET')!
  ctx.route = matched.route
  ctx.request.request.method = 'GET'
  await middleware.handle(ctx, async () => {
    ctx.response.status(status).send(body)
  })
  return ctx.response.getBody()
}

test.group('Answer schema as the serializer', () => {
  test('a field no schema names never reaches the client', async ({ assert }) => {
    const sent = await answerThrough(new AnswerSchemaMiddleware(false), {
      success: true,
      status: 'ok',
      password_hash: 'scrypt$secret',
    })
    assert.deepEqual(sent, { success: true, status: 'ok' })
  })

  test('an answer that fits its schema leaves as it was written', async ({ assert }) => {
    const body = { success: true, status: 'ok' }
    assert.strictEqual(await answerThrough(new AnswerSchemaMiddleware(false), body), body)
  })

  test('in tests (strict) an unknown field or a wrong type fails the request', async ({
    assert,
  }) => {
    const strict = new AnswerSchemaMiddleware(true)
    await assert.rejects(
      () => answerThrough(strict, { success: true, status: 'ok', extra: 1 }),
      /The answer of GET \/api\/health → 200 does not match its schema: fields it does not name \(data must NOT have additional properties \(extra\)\)/
    )
    await assert.rejects(
      () => answerThrough(strict, { success: 'yes', status: 'ok' }),
      /The answer of GET \/api\/health → 200 does not match its schema: data\/success must be equal to constant/
    )
  })

  test('error answers and undocumented statuses are left to the error handler', async ({
    assert,
  }) => {
    const body = { success: false, error: 'Not found', extra: 1 }
    assert.strictEqual(await answerThrough(new AnswerSchemaMiddleware(true), body, 404), body)
  })
})
