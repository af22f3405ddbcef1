/*
| Reconciliation of 100,000 provider charges against 100,000 payments (docs/benchmarks.md): the compiled server as `npm start` runs it, on the MariaDB data set,
| pointed at the Stripe double (bench/support/ledger_double.ts, a process of its own) holding
| BENCH_RECONCILE_ROWS charges that match as many payments seeded here. An administrator presses
| Reconcile now (POST /api/admin/finance/reconciliation-runs). Measured: the wall time of that
| call and the server process's peak resident memory during it (VmHWM reset just before), against
| the baseline of the same run: the real SDK listing the same charges page by page from the bench
| process, comparing nothing.
*/
import { execFile, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { promisify } from 'node:util'
import Stripe from 'stripe'
import { AdminHttp } from './support/admin_http.js'
import { benchEnv, loadAverage, prepareData } from './support/bench_server.js'
import { printRows } from './support/report.js'
import { processMemory, startServer } from './support/server.js'

const execFileAsync = promisify(execFile)
const ROWS = Number(process.env.BENCH_RECONCILE_ROWS ?? 100_000)
const PORT = Number(process.env.BENCH_PORT ?? 3396)
const TARGET_SECONDS = 60
const TARGET_MB = 300
/** The seeded payments' provider ids: the double's charges carry the same PaymentIntent ids. */
const PREFIX = 'pi_bench_'

async function sql(e: NodeJS.ProcessEnv, statement: string) {
  await execFileAsync('mysql', [
    `-u${e.DB_USER}`,
    `-p${e.DB_PASSWORD}`,
    `-h${e.DB_HOST}`,
    e.DB_DATABASE!,
    '-e',
    statement,
  ])
}

/** ROWS succeeded payments created an hour ago, one per double's charge (same ids and amounts). */
async function seedPayments(e: NodeJS.ProcessEnv) {
  await sql(e, `DELETE FROM payments WHERE provider_payment_id LIKE '${PREFIX}%'`)
  await sql(
    e,
    `INSERT INTO payments (migration_id, provider_payment_id, amount, currency, status, paid, created, created_at, updated_at)
     SELECT (SELECT MIN(id) FROM migrations), CONCAT('${PREFIX}', seq), (10000 + seq MOD 5000) / 100,
       'EUR', 'succeeded', 1, NOW() - INTERVAL 1 HOUR, NOW(), NOW()
     FROM seq_0_to_${ROWS - 1}`
  )
}

/** The double's port once it has built its ledger. */
function startLedgerDouble() {
  const child = spawn(
    process.execPath,
    [
      '--no-warnings',
      '--import=ts-node-maintained/register/esm',
      'bench/support/ledger_double.ts',
      String(ROWS),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] }
  )
  const port = new Promise<number>((resolve) =>
    child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())))
  )
  return { child, port }
}

/** Baseline: the SDK pages through the provider's charges, refunds and disputes of today. */
async function listingSeconds(stripePort: number) {
  const stripe = new Stripe('sk_test_double', {
    host: '127.0.0.1',
    port: stripePort,
    protocol: 'http',
  })
  const today = new Date()
  today.setHours(0, 0, 0, 0)
  const created = {
    gte: Math.floor(today.getTime() / 1000),
    lte: Math.floor(today.getTime() / 1000) + 86_399,
  }
  const started = performance.now()
  let listed = 0
  for await (const charge of stripe.charges.list({ created, limit: 100 })) listed += charge ? 1 : 0
  for await (const refund of stripe.refunds.list({ created, limit: 100 })) listed += refund ? 1 : 0
  for await (const dispute of stripe.disputes.list({ created, limit: 100 }))
    listed += dispute ? 1 : 0
  return { seconds: (performance.now() - started) / 1000, listed }
}

export async function run(): Promise<string[]> {
  const e = benchEnv()
  const password = randomBytes(12).toString('base64url')
  console.log('data set:', JSON.stringify(await prepareData(e, password)))
  await seedPayments(e)
  const ledger = startLedgerDouble()
  const stripePort = await ledger.port
  const server = await startServer(
    {
      ...e,
      STRIPE_SECRET_KEY: 'sk_test_double',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_double',
      STRIPE_API_HOST: '127.0.0.1',
      STRIPE_API_PORT: String(stripePort),
      STRIPE_API_PROTOCOL: 'http',
    },
    PORT
  )
  try {
    const baseline = await listingSeconds(stripePort)
    const admin = new AdminHttp(`http://127.0.0.1:${PORT}`)
    await admin.signIn('bench', password)
    const day = new Date().toISOString().slice(0, 10)
    const before = await processMemory(server.pid!)
    await writeFile(`/proc/${server.pid}/clear_refs`, '5')
    const load = loadAverage()
    const started = performance.now()
    const answer = await admin.post('/api/admin/finance/reconciliation-runs', {
      from: day,
      to: day,
    })
    const seconds = (performance.now() - started) / 1000
    const after = await processMemory(server.pid!)
    if (answer.status !== 200)
      throw new Error(`Reconcile now: ${answer.status} ${JSON.stringify(answer.body)}`)
    const { provider_rows: providerRows, mismatches } = answer.body.run
    console.log(
      `reconciled ${providerRows} provider rows (${baseline.listed} listed by the baseline), ${mismatches} mismatches; server RSS ${before.rssMb} MB before, peak ${after.peakMb} MB during`
    )
    return printRows(`Reconciliation of ${ROWS.toLocaleString('en')} provider charges`, [
      {
        name: `Reconcile now, ${ROWS.toLocaleString('en')} charges against as many payments: time`,
        figure: `${seconds.toFixed(1)} s (${providerRows} provider rows, ${mismatches} mismatches)`,
        baseline: `SDK listing alone ${baseline.seconds.toFixed(1)} s`,
        ratio: seconds / baseline.seconds,
        target: `≤ ${TARGET_SECONDS} s`,
        met: seconds <= TARGET_SECONDS && providerRows === ROWS,
        load,
      },
      {
        name: 'Reconcile now: peak memory of the server process (VmHWM)',
        figure: `${after.peakMb} MB`,
        baseline: `the same server idle before it ${before.rssMb} MB`,
        ratio: after.peakMb / before.rssMb,
        target: `≤ ${TARGET_MB} MB`,
        met: after.peakMb <= TARGET_MB,
        load,
      },
    ])
  } finally {
    server.kill('SIGTERM')
    ledger.child.kill()
  }
}
