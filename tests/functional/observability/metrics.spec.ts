import { test } from '@japa/runner'
import env from '#start/env'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { isolateEachTest } from '#tests/helpers/database'
import { baseUrl } from '#tests/helpers/browser'
import { csrfHeaders, fireTogether } from '#tests/helpers/simultaneous'

const TOKEN = 'test-metrics-token-0123456789'

async function scrape(authorization?: string) {
  const response = await fetch(`${baseUrl()}/metrics`, {
    headers: authorization ? { Authorization: authorization } : {},
  })
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    text: await response.text(),
  }
}

/** The value of one sample line, e.g. sample(text, 'login_attempts_total{kind="admin",outcome="failure"}'). */
function sample(text: string, series: string) {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `))
  return line ? Number(line.slice(series.length + 1)) : 0
}

test.group('Metrics endpoint', (group) => {
  group.each.teardown(() => env.set('METRICS_TOKEN', ''))

  test('is off (404) while METRICS_TOKEN is unset', async ({ assert }) => {
    env.set('METRICS_TOKEN', '')
    assert.equal((await scrape(`Bearer ${TOKEN}`)).status, 404)
  })

  test('refuses a missing or wrong bearer token', async ({ assert }) => {
    env.set('METRICS_TOKEN', TOKEN)
    assert.equal((await scrape()).status, 401)
    assert.equal((await scrape('Bearer wrong')).status, 401)
    assert.equal((await scrape(`Basic ${TOKEN}`)).status, 401)
  })

  test('counts a request by route pattern and status after it was answered', async ({ assert }) => {
    env.set('METRICS_TOKEN', TOKEN)
    const series =
      'http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}'
    const before = sample((await scrape(`Bearer ${TOKEN}`)).text, series)
    await fetch(`${baseUrl()}/api/health`)
    await fetch(`${baseUrl()}/api/health`)
    const after = await scrape(`Bearer ${TOKEN}`)
    assert.equal(after.status, 200)
    assert.match(after.type ?? '', /^text\/plain/)
    assert.equal(sample(after.text, series) - before, 2)
    // ids in URLs are grouped under their pattern, not one series each
    await fetch(`${baseUrl()}/api/migration/123456`)
    assert.include((await scrape(`Bearer ${TOKEN}`)).text, 'route="/api/migration/:id"')
  })

  test('counts failed and throttled sign-ins, and shows the job queue and deliveries', async ({
    assert,
  }) => {
    env.set('METRICS_TOKEN', TOKEN)
    const failures = 'login_attempts_total{kind="admin",outcome="failure"}'
    const before = sample((await scrape(`Bearer ${TOKEN}`)).text, failures)
    const headers = await csrfHeaders()
    await fireTogether([
      {
        path: '/api/admin/login',
        body: { username: 'metrics-nobody', password: 'wrong-password' },
        headers,
      },
    ])
    const text = (await scrape(`Bearer ${TOKEN}`)).text
    assert.equal(sample(text, failures) - before, 1)
    for (const name of [
      'jobs_queued',
      'jobs_oldest_due_age_seconds',
      'jobs_dead_lettered',
      'email_deliveries',
      'webhook_events_processed_total',
      'import_rows_processed_total',
      'process_resident_memory_bytes',
    ]) {
      assert.include(text, `# TYPE ${name} `)
    }
  })
})

test.group('Request ids', () => {
  test('every answer carries a fresh id; a client cannot choose it unless it is a trusted proxy', async ({
    assert,
  }) => {
    const first = await fetch(`${baseUrl()}/api/health`)
    const second = await fetch(`${baseUrl()}/api/health`, {
      headers: { 'X-Request-Id': 'chosen-by-client' },
    })
    const idOf = (response: Response) => response.headers.get('x-request-id') ?? ''
    assert.match(idOf(first), /^[0-9a-f-]{36}$/)
    assert.match(idOf(second), /^[0-9a-f-]{36}$/)
    assert.notEqual(idOf(first), idOf(second))
  })

  test('the request logger is bound to the id the answer carries', async ({ assert }) => {
    const { default: app } = await import('@adonisjs/core/services/app')
    const logger = await app.container.make('logger')
    const bound: unknown[] = []
    const child = logger.child.bind(logger)
    logger.child = ((bindings: Record<string, unknown>, options?: any) => {
      bound.push(bindings.request_id)
      return child(bindings, options)
    }) as typeof logger.child
    try {
      const response = await fetch(`${baseUrl()}/api/health`)
      assert.include(bound as string[], response.headers.get('x-request-id') ?? 'missing')
    } finally {
      logger.child = child
    }
  })
})

test.group('Metrics read from the database', (group) => {
  isolateEachTest(group)
  group.each.teardown(() => env.set('METRICS_TOKEN', ''))

  test('queue depth, the oldest due job, dead letters and deliveries by status', async ({
    assert,
  }) => {
    env.set('METRICS_TOKEN', TOKEN)
    const now = DateTime.utc()
    const job = (status: string, runAt: DateTime) => ({
      type: 'metrics.test',
      payload: '{}',
      status,
      attempts: 0,
      max_attempts: 5,
      run_at: runAt.toFormat('yyyy-MM-dd HH:mm:ss'),
      created_at: now.toJSDate(),
      updated_at: now.toJSDate(),
    })
    await db
      .table('jobs')
      .multiInsert([
        job('queued', now.minus({ minutes: 10 })),
        job('queued', now.plus({ hours: 1 })),
        job('failed', now),
      ])
    await db.table('email_deliveries').insert({
      email_type: 'metrics_test',
      recipient: 'm@example.com',
      subject: 's',
      status: 'unknown',
      created_at: now.toJSDate(),
    })
    const text = (await scrape(`Bearer ${TOKEN}`)).text
    assert.equal(sample(text, 'jobs_queued{type="metrics.test",status="queued"}'), 2)
    assert.equal(sample(text, 'jobs_dead_lettered{type="metrics.test"}'), 1)
    assert.closeTo(sample(text, 'jobs_oldest_due_age_seconds{type="metrics.test"}'), 600, 30)
    assert.isAtLeast(sample(text, 'email_deliveries{status="unknown"}'), 1)
  })
})
