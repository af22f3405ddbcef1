/*
| Every back-office list and search under 50 simultaneous administrators, and correct
| member sign-ins from one address, against the compiled server `npm start` runs, on the MariaDB
| data set of bench/backoffice.ts (100,000 members, 50,000 migrations). Each call runs for
| BENCH_SECONDS (10) on 50 connections (autocannon) after a 2-second warm-up; its baseline is
| token-config under the same load in the same run (HTTP, session, guards, nearly no work).
| Target per list: p50 ≤ 150 ms and p99 ≤ 500 ms.
| Sign-in row: 50 connections, each an anonymous session (GET /api/health) then a correct member
| sign-in, from 127.0.0.1 for BENCH_SIGNIN_SECONDS (60); target: no 429 after the first answer of
| each connection (the first in-flight burst). BENCH_REUSE=1 keeps the previous data;
| BENCH_ONLY=<comma-separated row names, or 'sign-in'> runs some rows only.
*/
import { randomBytes } from 'node:crypto'
import autocannon from 'autocannon'
import mysql from 'mysql2/promise'
import { AdminHttp } from './support/admin_http.js'
import { benchEnv, loadAverage, prepareData, startServer } from './support/bench_server.js'
import { printRows, type BenchRow } from './support/report.js'
import { summarise } from './support/stats.js'

const PORT = Number(process.env.BENCH_PORT ?? 3399)
const BASE_URL = `http://127.0.0.1:${PORT}`
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const SIGNIN_SECONDS = Number(process.env.BENCH_SIGNIN_SECONDS ?? 60)
const CONNECTIONS = 50
const ONLY = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',') : null
const LIST_TARGET = { p50: 150, p99: 500 }

/** The back-office's lists and searches, as its screens ask for them (frontend/src/admin/dataProvider). */
function listCalls(ids: { migration: number; member: number }): { name: string; path: string }[] {
  return [
    { name: 'dashboard-stats', path: '/api/admin/dashboard-stats' },
    { name: 'members page 1', path: '/api/admin/members?page=1&limit=50' },
    { name: 'members search', path: '/api/admin/members?page=1&limit=50&search=Weber' },
    { name: 'members role filter', path: '/api/admin/members?page=1&limit=50&role=Child' },
    { name: 'members page 1,000', path: '/api/admin/members?page=1000&limit=50' },
    { name: 'members stats', path: '/api/admin/members-stats' },
    { name: 'migrations no filter', path: '/api/admin/migrations?search=&status=' },
    {
      name: 'migrations name + status',
      path: '/api/admin/migrations?search=Weber&status=completed',
    },
    { name: 'migrations reference', path: '/api/admin/migrations?search=MIG-SYN-0040000&status=' },
    // The app bar's search (issue 40 §4), each kind by its id: member ID, name start, email start, reference, provider id.
    { name: 'app bar search, member ID', path: '/api/admin/search?q=SYN-0050000' },
    { name: 'app bar search, name', path: '/api/admin/search?q=Weber' },
    { name: 'app bar search, email', path: '/api/admin/search?q=weber.' },
    { name: 'app bar search, reference', path: '/api/admin/search?q=MIG-SYN-0040000' },
    { name: 'app bar search, provider id', path: '/api/admin/search?q=pi_unknown_0001' },
    { name: 'subscriptions all', path: '/api/admin/subscriptions' },
    { name: 'subscriptions search', path: '/api/admin/subscriptions?search=Weber' },
    { name: 'subscriptions status', path: '/api/admin/subscriptions?status=canceled' },
    {
      name: 'subscriptions early cancellations',
      path: '/api/admin/subscriptions/early-cancellations',
    },
    { name: 'subscriptions problematic', path: '/api/admin/subscriptions/problematic' },
    { name: 'subscriptions stats', path: '/api/admin/subscriptions/stats' },
    {
      name: 'unmigrated users (10k rows)',
      path: '/api/admin/unmigrated-users?search=&limit=10000',
    },
    {
      name: 'unmigrated users search',
      path: '/api/admin/unmigrated-users?search=Weber&limit=10000',
    },
    { name: 'audit log', path: '/api/admin/audit-log?page=1&limit=50' },
    { name: 'dead letters', path: '/api/admin/dead-letters?page=1&limit=50' },
    {
      name: 'email deliveries of a migration (outbox)',
      path: `/api/admin/migrations/${ids.migration}/outbox`,
    },
    { name: 'invitations of a member', path: `/api/admin/members/${ids.member}/invitations` },
    { name: 'admins', path: '/api/admin/admin-users' },
    { name: 'products', path: '/api/admin/products' },
  ]
}

/** `CONNECTIONS` connections sending `path` back to back for `seconds` as one signed-in administrator. */
async function underLoad(path: string, cookie: string, seconds = SECONDS) {
  const result = await autocannon({
    url: `${BASE_URL}${path}`,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 30,
    headers: { cookie, 'accept': 'application/json', 'accept-encoding': 'gzip, deflate, br' },
  })
  const answered = result.requests.total
  const failures = [
    result.non2xx || result.errors
      ? `, ${result.non2xx} not 2xx, ${result.errors} errors (${result.timeouts} time-outs)`
      : '',
    answered === 0 ? `, no answer completed in ${seconds} s` : '',
  ].join('')
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    perSecond: Math.round(result.requests.average),
    bytes: Math.round(result.throughput.average / Math.max(1, result.requests.average) / 1024),
    failures,
  }
}

async function listRows(http: AdminHttp): Promise<BenchRow[]> {
  const cookie = http.cookieHeader()
  const migration = (await http.getJson('/api/admin/migrations?search=&status=')).migrations[0].id
  const member = (await http.getJson('/api/admin/members?page=1&limit=50')).members[0].id
  const calls = listCalls({ migration, member }).filter((call) => !ONLY || ONLY.includes(call.name))
  await underLoad('/api/admin/token-config', cookie, 2)
  const baseline = await underLoad('/api/admin/token-config', cookie)
  const baselineText = `token-config p50 ${baseline.p50} ms, p99 ${baseline.p99} ms, ${baseline.perSecond} req/s`
  const rows: BenchRow[] = [
    {
      name: `token-config (baseline), ${CONNECTIONS} admins`,
      figure: baselineText.slice('token-config '.length),
      baseline: '',
      ratio: null,
      target: '',
      met: null,
      load: loadAverage(),
    },
  ]
  for (const call of calls) {
    await underLoad(call.path, cookie, 2)
    const load = loadAverage()
    const r = await underLoad(call.path, cookie)
    const row: BenchRow = {
      name: `${call.name}, ${CONNECTIONS} admins (\`${call.path}\`)`,
      figure: `p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.perSecond} req/s, ${r.bytes} KB sent per answer${r.failures}`,
      baseline: baselineText,
      ratio: r.p50 / Math.max(1, baseline.p50),
      target: `p50 ≤ ${LIST_TARGET.p50} ms, p99 ≤ ${LIST_TARGET.p99} ms`,
      met: r.p50 <= LIST_TARGET.p50 && r.p99 <= LIST_TARGET.p99 && !r.failures,
      load,
    }
    console.log(`load ${load}: ${row.name}: ${row.figure}`)
    rows.push(row)
  }
  return rows
}

/** 50 principal members on enabled products, with their dates of birth (YYYY-MM-DD). */
async function signInMembers(e: NodeJS.ProcessEnv) {
  const connection = await mysql.createConnection({
    host: e.DB_HOST,
    user: e.DB_USER,
    password: e.DB_PASSWORD,
    database: e.DB_DATABASE,
    dateStrings: true,
  })
  try {
    const [rows] = await connection.query(
      `SELECT m.member_id, m.date_of_birth FROM members m JOIN products p ON p.product_name = m.product_name
       WHERE m.insured_role = 'Principal' AND p.disabled = 0 ORDER BY m.id LIMIT ${CONNECTIONS}`
    )
    return (rows as { member_id: string; date_of_birth: string }[]).map((row) => ({
      memberId: row.member_id,
      dateOfBirth: row.date_of_birth.slice(0, 10),
    }))
  } finally {
    await connection.end()
  }
}

/** One connection's loop: an anonymous session, then a correct sign-in; the sign-in's status and time each round. */
async function signInLoop(
  member: { memberId: string; dateOfBirth: string },
  until: number,
  answers: { status: number; ms: number; first: boolean }[]
) {
  let first = true
  while (Date.now() < until) {
    const health = await fetch(`${BASE_URL}/api/health`, {
      headers: { accept: 'application/json' },
    })
    await health.arrayBuffer()
    const cookies = health.headers.getSetCookie().map((cookie) => cookie.split(';')[0])
    const xsrf =
      cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? ''
    const start = performance.now()
    const response = await fetch(`${BASE_URL}/api/auth/login`, {
      method: 'POST',
      headers: {
        'accept': 'application/json',
        'content-type': 'application/json',
        'cookie': cookies.join('; '),
        'x-xsrf-token': decodeURIComponent(xsrf),
      },
      body: JSON.stringify(member),
    })
    await response.arrayBuffer()
    answers.push({ status: response.status, ms: performance.now() - start, first })
    first = false
  }
}

async function signInRow(e: NodeJS.ProcessEnv): Promise<BenchRow> {
  const members = await signInMembers(e)
  if (members.length < CONNECTIONS)
    throw new Error(`Only ${members.length} principals on enabled products`)
  const load = loadAverage()
  const answers: { status: number; ms: number; first: boolean }[] = []
  const until = Date.now() + SIGNIN_SECONDS * 1000
  await Promise.all(members.map((member) => signInLoop(member, until, answers)))
  const refused = answers.filter((answer) => answer.status === 429)
  const refusedAfterBurst = refused.filter((answer) => !answer.first).length
  const other = answers.filter((answer) => answer.status !== 200 && answer.status !== 429).length
  const times = summarise(answers.map((answer) => answer.ms))
  return {
    name: `correct member sign-ins, ${CONNECTIONS} connections from one address, ${SIGNIN_SECONDS} s`,
    figure: `${answers.length} sign-ins (${Math.round(answers.length / SIGNIN_SECONDS)}/s), ${refused.length} × 429 in all, **${refusedAfterBurst} × 429 after the first burst**, ${other} other non-200; sign-in p50 ${Math.round(times.median)} ms, p95 ${Math.round(times.p95)} ms`,
    baseline: '',
    ratio: null,
    target: '0 × 429 after the first in-flight burst',
    met: refusedAfterBurst === 0 && other === 0,
    load,
  }
}

export async function run() {
  const e = benchEnv()
  const password = randomBytes(12).toString('base64url')
  console.log('data set:', JSON.stringify(await prepareData(e, password)))
  const server = await startServer(e, PORT)
  const rows: BenchRow[] = []
  try {
    if (!ONLY || ONLY.some((name) => name !== 'sign-in')) {
      const http = new AdminHttp(BASE_URL)
      await http.signIn('bench', password)
      rows.push(...(await listRows(http)))
    }
    if (!ONLY || ONLY.includes('sign-in')) rows.push(await signInRow(e))
  } finally {
    server.kill('SIGTERM')
  }
  return printRows(
    `Back-office lists under ${CONNECTIONS} administrators, ${SECONDS} s each; member sign-ins from one address`,
    rows
  )
}
