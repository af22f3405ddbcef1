import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import app from '@adonisjs/core/services/app'
import { fileURLToPath } from 'node:url'
import { isolateEachTest } from '#tests/helpers/database'
import { AdminUser } from '#modules/admins/index'
import { Member } from '#modules/members/index'
import {
  hostileBody,
  hostileQuery,
  hostileUrl,
  seededRandom,
  validatorFieldNames,
  nestedObject,
} from '#tests/helpers/fuzz_inputs'

/** Fixed seed: a failure found once is found again on the next run. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124)
/** Requests per route, method and role. */
const CASES_PER_ROUTE = 8
/** Raw bodies the JSON parser must refuse cleanly. */
const RAW_BODIES = [
  '{"a":',
  '['.repeat(100_000),
  '{"a":"\\ud800"}',
  '"just a string"',
  'null',
  '\u0000',
  '{"a":1e99999}',
]

/**
 * 5xx answers that are deliberate statements about this server's configuration
 * (a provider not configured, the frontend not built), not crashes.
 */
/** The error text of a JSON error body, or null. */
function configurationError(text: string): string | null {
  try {
    const body = JSON.parse(text)
    return body?.success === false && typeof body.error === 'string' ? body.error : null
  } catch {
    return null
  }
}

const CONFIGURATION_ANSWERS = [
  'Could not refresh exchange rates: No exchange-rate provider is configured',
  'Stripe webhooks are not configured on this server',
  'The frontend is not built yet: run `npm run build:frontend`.',
]
const isConfigurationAnswer = (status: number, text: string) =>
  (status === 502 || status === 503) &&
  CONFIGURATION_ANSWERS.some((message) => text === message || configurationError(text) === message)

const STACK_TRACE = /\bat [\w$.<>]+ \(|node_modules|\.ts:\d+:\d+|\.js:\d+:\d+/
const SQL_TEXT =
  /\b(select .+ from|insert into|update \w+ set|delete from)\b|SQLITE_|\bER_[A-Z_]+\b|sql syntax|knex|lucid/i

/** Every registered route and method, read from the router: a new route is fuzzed without touching this file. */
function registeredRoutes() {
  return Object.values(router.toJSON())
    .flat()
    .flatMap((route) =>
      route.methods
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ method, pattern: route.pattern }))
    )
}

test.group('Fuzzing every route', (group) => {
  isolateEachTest(group)

  test('generated bad params, query strings and bodies never answer 5xx, a stack trace or SQL text', async ({
    client,
    assert,
  }) => {
    const random = seededRandom(SEED)
    const fields = validatorFieldNames(fileURLToPath(app.appRoot))
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const member = await Member.findByOrFail('member_id', 'DEMO-1001')
    const roles = ['anonymous', 'member', 'admin'] as const
    const routes = registeredRoutes()
    const failures: string[] = []
    let requests = 0
    const started = Date.now()

    for (const { method, pattern } of routes) {
      for (const role of roles) {
        for (let index = 0; index < CASES_PER_ROUTE; index++) {
          const query = random.next() < 0.5 ? `?${hostileQuery(random, fields)}` : ''
          const url = hostileUrl(pattern, random) + query
          let request = client
            .request(url, method as any)
            .withCsrfToken()
            .accept('json')
          if (role === 'admin') request = request.asAdmin(admin)
          if (role === 'member') request = request.asMember(member)
          if (method !== 'GET') {
            const raw = random.next()
            if (index < 3) request = request.json(hostileBody(random, fields, index) as any)
            else if (raw < 0.1)
              request = request.unsafeJson(random.pick(RAW_BODIES)).type('application/json')
            else if (raw < 0.15) request = request.form({ a: nestedObject(10), b: '\u0000' } as any)
            else request = request.json(hostileBody(random, fields, index) as any)
          }
          const response = await request
          if (process.env.FUZZ_DEBUG && response.status() >= 500)
            console.log('DEBUG', response.status(), url.slice(0, 80))
          requests++
          const text = response.text()
          const label = `${role} ${method} ${url.slice(0, 120)}`
          if (response.status() >= 500 && !isConfigurationAnswer(response.status(), text))
            failures.push(`${response.status()} ${label}: ${text.slice(0, 200)}`)
          else if (STACK_TRACE.test(text))
            failures.push(`stack trace in ${label}: ${text.slice(0, 200)}`)
          else if (SQL_TEXT.test(text)) failures.push(`SQL text in ${label}: ${text.slice(0, 200)}`)
        }
      }
    }

    const seconds = (Date.now() - started) / 1000
    console.log(
      `fuzz: ${requests} requests over ${routes.length} route methods in ${seconds.toFixed(1)} s, seed ${SEED}`
    )
    assert.isAtLeast(requests, 2_000)
    assert.deepEqual(failures.slice(0, 60), [], `${failures.length} bad answers`)
  }).timeout(240_000)
})
