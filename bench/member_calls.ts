/*
| Member calls under load: 50 connections on the member's details
| (GET /api/member/details), a quote (POST /api/migration/calculate) and a correct sign-in
| (POST /api/auth/login), each against a bare node:http server answering the very same JSON
| bytes under the same load in the same run (support/bare_json_server.ts), on the MariaDB data
| set of bench/backoffice.ts (100,000 members) and the compiled server as `npm start` runs it.
| Target: p50 ≤ 20× the bare server's p50. Interleaved rounds (bare, then the call), each after
| a 2-second warm-up; per call the round with the lowest p50.
| Sign-ins cycle over 2,000 principals with an enabled product (one member signing in on 50
| connections would only measure the per-account throttle's 5 slots).
| BENCH_REUSE=1 keeps the previous data; BENCH_SECONDS (10), BENCH_ROUNDS (2),
| BENCH_PORT (3399; the bare server on BENCH_PORT + 2).
*/
import { randomBytes } from 'node:crypto'
import autocannon from 'autocannon'
import mysql from 'mysql2/promise'
import { AdminHttp } from './support/admin_http.js'
import { benchEnv, loadAverage, prepareData, startServer } from './support/bench_server.js'
import { startBareJsonServer } from './support/bare_json_server.js'
import { printRows, type BenchRow } from './support/report.js'

const PORT = Number(process.env.BENCH_PORT ?? 3399)
const BARE_PORT = PORT + 2
const BASE_URL = `http://127.0.0.1:${PORT}`
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2)
const CONNECTIONS = 50
const TARGET_RATIO = 20

interface Principal {
  id: number
  member_id: string
  date_of_birth: string
  relatives: string | null
}

/** Principals of the data set on an enabled product (the disabled one refuses sign-in), with their relatives' ids. */
async function principals(e: NodeJS.ProcessEnv): Promise<Principal[]> {
  const connection = await mysql.createConnection({
    host: e.DB_HOST,
    user: e.DB_USER,
    password: e.DB_PASSWORD,
    database: e.DB_DATABASE,
    dateStrings: true,
  })
  try {
    const [rows] = await connection.query(
      `SELECT m.id, m.member_id, m.date_of_birth,
         (SELECT GROUP_CONCAT(r.id ORDER BY r.id) FROM members r WHERE r.principal_id = m.id) AS relatives
       FROM members m
       WHERE m.principal_id IS NULL AND m.product_name <> 'Legacy Basic' AND m.final_premium IS NOT NULL
       ORDER BY m.id LIMIT 2000`
    )
    return rows as Principal[]
  } finally {
    await connection.end()
  }
}

interface Call {
  name: string
  method: 'GET' | 'POST'
  path: string
  headers: Record<string, string>
  body?: string
  /** A different body per request (sign-ins cycle over members). */
  nextBody?: () => string
  /** Headers and body per request: details and quotes cycle over 50 signed-in members. */
  nextMember?: () => { headers: Record<string, string>; body?: string }
  /**
   * Each request after a GET /api/health of its own, whose session and XSRF cookies it sends,
   * as the shop's sign-in page does (a sign-in replaces its session: sharing one would refuse
   * the others' XSRF token). Both requests are measured, on the bare server too.
   */
  freshSession?: boolean
}

const cookiesOf = (headers: Record<string, string | string[]>) =>
  [headers['set-cookie'] ?? []].flat().map((cookie) => cookie.split(';')[0])

interface LoadResult {
  p50: number
  p99: number
  perSecond: number
  failures: string
}

async function underLoad(url: string, call: Call, seconds: number): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 30,
    requests: [
      ...(call.freshSession
        ? [
            {
              method: 'GET' as const,
              path: '/api/health',
              onResponse: (_status: number, _body: string, context: any, headers: any) => {
                context.cookies = cookiesOf(headers)
              },
            },
          ]
        : []),
      {
        method: call.method,
        path: call.path,
        headers: call.headers,
        body: call.body,
        setupRequest: (request: any, context: any) => {
          const cookies: string[] = context.cookies ?? []
          const xsrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))
          const member = call.nextMember?.()
          return {
            ...request,
            ...(member ? { headers: { ...request.headers, ...member.headers } } : {}),
            ...(member?.body ? { body: member.body } : {}),
            ...(call.nextBody ? { body: call.nextBody() } : {}),
            ...(call.freshSession
              ? {
                  headers: {
                    ...request.headers,
                    'cookie': cookies.join('; '),
                    'x-xsrf-token': decodeURIComponent(xsrf?.slice('XSRF-TOKEN='.length) ?? ''),
                  },
                }
              : {}),
          }
        },
      },
    ],
  })
  // Not 2xx (none expected): counted in the row with their statuses, not hidden.
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, { count }]) => `${count}× ${status}`)
  const failures =
    (result.errors ? `, ${result.errors} errors (${result.timeouts} time-outs)` : '') +
    (result.non2xx ? `, ${result.non2xx} not 2xx (${statuses.join(', ')})` : '')
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    perSecond: Math.round(result.requests.average),
    failures,
  }
}

/** The answer's exact bytes, for the bare server to send back. */
async function answerOf(call: Call): Promise<string> {
  let headers = call.headers
  if (call.freshSession) {
    const health = await fetch(`${BASE_URL}/api/health`)
    const cookies = cookiesOf({ 'set-cookie': health.headers.getSetCookie() })
    const xsrf = cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))
    headers = {
      ...headers,
      'cookie': cookies.join('; '),
      'x-xsrf-token': decodeURIComponent(xsrf?.slice('XSRF-TOKEN='.length) ?? ''),
    }
  }
  const member = call.nextMember?.()
  const response = await fetch(`${BASE_URL}${call.path}`, {
    method: call.method,
    headers: { ...headers, ...member?.headers },
    body: member?.body ?? call.body ?? call.nextBody?.(),
  })
  const text = await response.text()
  if (response.status !== 200)
    throw new Error(`${call.name}: ${response.status} ${text.slice(0, 200)}`)
  return text
}

export async function run(): Promise<string[]> {
  const e = benchEnv()
  console.log('data set:', JSON.stringify(await prepareData(e, randomBytes(12).toString('hex'))))
  const people = await principals(e)
  const server = await startServer(e, PORT)
  try {
    // 50 members signed in, one session each: 50 connections on one session would only
    // measure that session row's lock (every call writes its session).
    const signedIn: { headers: Record<string, string>; quote: string }[] = []
    for (const person of people.slice(0, CONNECTIONS)) {
      const member = new AdminHttp(BASE_URL)
      await member.timedGet('/api/health')
      const signIn = await member.post('/api/auth/login', {
        memberId: person.member_id,
        dateOfBirth: person.date_of_birth,
      })
      if (signIn.status !== 200) throw new Error(`Member sign-in failed: ${signIn.status}`)
      const cookie = member.cookieHeader()
      signedIn.push({
        headers: {
          'cookie': cookie,
          'x-xsrf-token': decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? ''),
        },
        quote: JSON.stringify({
          memberIds: [person.id, ...(person.relatives?.split(',').map(Number) ?? [])],
          durationType: '12_months',
          paymentFrequency: 'monthly',
          currency: 'EUR',
        }),
      })
    }
    let turn = 0
    const nextSignedIn = () => signedIn[turn++ % signedIn.length]
    const jsonHeaders = { 'accept': 'application/json', 'content-type': 'application/json' }
    let next = 0
    const calls: Call[] = [
      {
        name: 'details',
        method: 'GET',
        path: '/api/member/details',
        headers: { accept: 'application/json' },
        nextMember: () => ({ headers: nextSignedIn().headers }),
      },
      {
        name: 'calculate',
        method: 'POST',
        path: '/api/migration/calculate',
        headers: jsonHeaders,
        nextMember: () => {
          const member = nextSignedIn()
          return { headers: member.headers, body: member.quote }
        },
      },
      {
        name: 'login',
        method: 'POST',
        path: '/api/auth/login',
        headers: jsonHeaders,
        freshSession: true,
        nextBody: () => {
          const person = people[next++ % people.length]
          return JSON.stringify({ memberId: person.member_id, dateOfBirth: person.date_of_birth })
        },
      },
    ]
    const answers = new Map<string, string>()
    answers.set('/api/health', await (await fetch(`${BASE_URL}/api/health`)).text())
    for (const call of calls) answers.set(call.path, await answerOf(call))
    const bare = await startBareJsonServer(BARE_PORT, answers)
    const best = new Map<string, { call: LoadResult; bare: LoadResult; load: string }>()
    try {
      for (let round = 1; round <= ROUNDS; round++) {
        for (const call of calls) {
          await underLoad(`http://127.0.0.1:${BARE_PORT}`, call, 2)
          const bareResult = await underLoad(`http://127.0.0.1:${BARE_PORT}`, call, SECONDS)
          await underLoad(BASE_URL, call, 2)
          const callResult = await underLoad(BASE_URL, call, SECONDS)
          const load = loadAverage()
          console.log(
            `round ${round}, load ${load}: ${call.name} p50 ${callResult.p50} ms (${callResult.perSecond} req/s), bare p50 ${bareResult.p50} ms (${bareResult.perSecond} req/s)`
          )
          const ratio = callResult.p50 / Math.max(bareResult.p50, 1)
          const previous = best.get(call.name)
          if (!previous || ratio < previous.call.p50 / Math.max(previous.bare.p50, 1))
            best.set(call.name, { call: callResult, bare: bareResult, load })
        }
      }
    } finally {
      bare.kill('SIGTERM')
    }
    const rows: BenchRow[] = calls.map((call) => {
      const { call: result, bare: baseline, load } = best.get(call.name)!
      const ratio = result.p50 / Math.max(baseline.p50, 1)
      return {
        name: `${call.method} ${call.path}${call.freshSession ? ' (after GET /api/health for its session, both measured)' : ''}, ${CONNECTIONS} connections (${Buffer.byteLength(answers.get(call.path)!)} B answer)`,
        figure: `p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.perSecond} req/s${result.failures}`,
        baseline: `bare node:http, same bytes: p50 ${baseline.p50} ms, ${baseline.perSecond} req/s`,
        ratio,
        target: `p50 ≤ ×${TARGET_RATIO}`,
        met: ratio <= TARGET_RATIO,
        load,
      }
    })
    return printRows('Member calls under load', rows)
  } finally {
    server.kill('SIGTERM')
  }
}
