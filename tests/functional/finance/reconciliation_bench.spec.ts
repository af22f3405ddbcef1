import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import { loadavg } from 'node:os'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { reconcile, stripeClient } from '#modules/payments/index'
import { stripeLedger } from '#modules/payments/reconciliation/provider_ledger'
import { createPendingMigration } from '#tests/helpers/migration_fixtures'
import { useStripeEnv } from '#tests/helpers/stripe_double'
import { FROM_SOURCE } from '#tests/helpers/source_node'

const N = Number(process.env.RECONCILE_BENCH_ROWS ?? 100_000)

/** User + system CPU seconds of this process from a process.cpuUsage() difference. */
const cpuSeconds = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1e6

/**
 * Benchmark row of issue 24 §6 (docs/benchmarks.md): N provider charges (the Stripe double in a
 * child process) against N payments; wall time and peak RSS of this process, which runs the
 * reconciliation as the server would. Runs only with RECONCILE_BENCH=1.
 */
test.group('Benchmark: reconciliation of 100,000 charges', () => {
  test('reconcile N provider charges against N payments', async ({ assert, cleanup }) => {
    const { migration } = await createPendingMigration({ provider: 'stripe' })
    cleanup(async () => {
      await db.from('payments').where('migration_id', migration.id).delete()
      await db.from('migrations').where('id', migration.id).delete()
    })
    const now = DateTime.local()
    const stamp = now.minus({ hours: 1 }).toFormat('yyyy-MM-dd HH:mm:ss')
    for (let i = 0; i < N; i += 2000) {
      const rows = []
      for (let j = i; j < Math.min(N, i + 2000); j++)
        rows.push({
          migration_id: migration.id,
          provider_payment_id: `pi_bench_${j}`,
          amount: (10_000 + (j % 5000)) / 100,
          currency: 'EUR',
          status: 'succeeded',
          paid: true,
          created: stamp,
          created_at: stamp,
          updated_at: stamp,
        })
      await db.table('payments').multiInsert(rows)
    }
    const child = spawn(
      process.execPath,
      [...FROM_SOURCE, 'bench/support/ledger_double.ts', String(N)],
      { stdio: ['ignore', 'pipe', 'inherit'] }
    )
    cleanup(() => void child.kill())
    const port = await new Promise<number>((resolve) =>
      child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())))
    )
    cleanup(await useStripeEnv(port))

    // Baseline of the same run (load-independent comparison): the provider's listing alone, the
    // SDK paging through the double's N charges, staging nothing.
    const baselineCpu = process.cpuUsage()
    const baselineStarted = performance.now()
    let listed = 0
    for await (const page of stripeLedger(stripeClient()!, now.minus({ days: 1 }), now))
      listed += page.length
    const baselineSeconds = (performance.now() - baselineStarted) / 1000
    const baselineCpuSeconds = cpuSeconds(process.cpuUsage(baselineCpu))
    assert.equal(listed, N)

    global.gc?.()
    const before = process.memoryUsage().rss
    let peak = before
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50)
    const load = loadavg()[0]
    const started = performance.now()
    const cpu = process.cpuUsage()
    const run = await reconcile({
      from: now.minus({ days: 1 }),
      to: now,
      trigger: 'manual',
      startedBy: 'bench',
    })
    const seconds = (performance.now() - started) / 1000
    const cpuUsed = cpuSeconds(process.cpuUsage(cpu))
    clearInterval(sampler)
    const summary = await db.from('reconciliation_runs').where('id', run).firstOrFail()
    console.log(
      `RECONCILE_BENCH rows=${N} seconds=${seconds.toFixed(1)} cpu_s=${cpuUsed.toFixed(1)} baseline_listing_s=${baselineSeconds.toFixed(1)} baseline_cpu_s=${baselineCpuSeconds.toFixed(1)} ratio=${(seconds / baselineSeconds).toFixed(2)} rss_before_mb=${(before / 1048576).toFixed(0)} peak_rss_mb=${(peak / 1048576).toFixed(0)} load_1m_before=${load.toFixed(2)} load_1m_after=${loadavg()[0].toFixed(2)} provider_rows=${summary.provider_rows} mismatches=${summary.mismatches} db=${db.connection().dialect.name}`
    )
    assert.equal(Number(summary.provider_rows), N)
    assert.equal(Number(summary.mismatches), 0)
  })
    .skip(process.env.RECONCILE_BENCH !== '1', 'RECONCILE_BENCH=1 runs it')
    .timeout(600_000)
})
