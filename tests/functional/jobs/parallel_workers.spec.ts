import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { Job, JobWorker, jobQueue } from '#modules/jobs/index'

const TYPE = 'test.parallel'
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** These tests commit for real (several connections must see the rows); they remove their jobs after. */
test.group('Jobs claimed by parallel workers', (group) => {
  group.each.teardown(async () => {
    await db.from('jobs').where('type', TYPE).delete()
  })

  test('two workers draining 100 jobs run each exactly once, both taking part', async ({
    assert,
  }) => {
    const runs: { id: number; worker: string }[] = []
    const workers = ['a', 'b'].map((name) =>
      new JobWorker().register(TYPE, {
        run: async (_payload, job) => {
          runs.push({ id: job.id, worker: name })
          await pause(2)
        },
      })
    )
    const past = DateTime.local().minus({ seconds: 5 })
    for (let n = 0; n < 100; n++) await jobQueue.enqueue(TYPE, { n }, { runAt: past })
    await Promise.all(workers.map((worker) => worker.drain()))

    assert.lengthOf(runs, 100)
    assert.equal(new Set(runs.map((run) => run.id)).size, 100)
    if (process.env.DB_CONNECTION === 'mysql') {
      // SKIP LOCKED: neither worker waits for the other's rows, so both take jobs.
      assert.isAbove(runs.filter((run) => run.worker === 'a').length, 0)
      assert.isAbove(runs.filter((run) => run.worker === 'b').length, 0)
    }
    const statuses = await db.from('jobs').where('type', TYPE).select('status', 'attempts')
    assert.isTrue(statuses.every((row) => row.status === 'done' && Number(row.attempts) === 1))
  })

  test('a job row locked by another worker is skipped, not waited for (MySQL: SKIP LOCKED)', async ({
    assert,
  }) => {
    const past = DateTime.local().minus({ seconds: 5 })
    const first = await jobQueue.enqueue(TYPE, { n: 1 }, { runAt: past.minus({ seconds: 1 }) })
    const second = await jobQueue.enqueue(TYPE, { n: 2 }, { runAt: past })
    const holder = await db.transaction()
    try {
      // Another worker is in the middle of claiming the first job.
      await holder.from('jobs').where('id', first.id).forUpdate().first()
      const started = Date.now()
      const claimed = await Promise.race([
        jobQueue.claimNext('w2', 60_000),
        pause(3000).then(() => 'waited' as const),
      ])
      assert.notEqual(claimed, 'waited', 'the claim waited on the locked row')
      assert.equal((claimed as Job).id, second.id)
      assert.isBelow(Date.now() - started, 3000)
    } finally {
      await holder.rollback()
    }
  }).skip(
    process.env.DB_CONNECTION !== 'mysql',
    'SQLite has one writer at a time; its claim is a compare-and-set'
  )

  test('a running worker starts on a job queued by its own process at once, not at its next poll', async ({
    assert,
  }) => {
    const done: number[] = []
    const worker = new JobWorker({ pollMs: 60_000 }).register(TYPE, {
      run: async (_payload, job) => void done.push(job.id),
    })
    worker.start()
    try {
      await pause(300) // the worker found nothing and went to sleep for a minute
      const job = await jobQueue.enqueue(TYPE, {})
      const deadline = Date.now() + 3000
      while (!done.includes(job.id) && Date.now() < deadline) await pause(20)
      assert.include(done, job.id)
    } finally {
      await worker.stop()
    }
  })
})
