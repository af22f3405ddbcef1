import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { Job, JobWorker, jobQueue } from '#modules/jobs/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { fulfilmentStepJob } from '#modules/fulfilment/services/fulfilment_runner'
import { isolateEachTest } from '#tests/helpers/database'
import { createPaidMigration } from '#tests/helpers/migration_fixtures'

test.group('Job queue', (group) => {
  isolateEachTest(group)

  test('a job whose worker died is claimed again once its lease expired, not before', async ({
    assert,
  }) => {
    const job = await jobQueue.enqueue('test.noop', {})
    await job
      .merge({
        status: 'running',
        locked_by: 'dead-worker',
        locked_until: DateTime.local().plus({ minutes: 1 }),
      })
      .save()
    assert.isNull(await jobQueue.claimNext('other', 60_000))

    await job.merge({ locked_until: DateTime.local().minus({ seconds: 5 }) }).save()
    const claimed = await jobQueue.claimNext('other', 60_000)
    assert.equal(claimed?.id, job.id)
    assert.equal(claimed?.locked_by, 'other')
    assert.isNull(await jobQueue.claimNext('third', 60_000))
  })

  test('a failing job is retried later, then given up with its handler told', async ({
    assert,
  }) => {
    const gaveUp: unknown[] = []
    const worker = new JobWorker().register('test.fail', {
      run: async () => {
        throw new Error('boom')
      },
      onGaveUp: async (payload) => void gaveUp.push(payload),
    })
    const job = await jobQueue.enqueue('test.fail', { n: 1 }, { maxAttempts: 2 })

    await worker.drain()
    await job.refresh()
    assert.include(job.serialize(), { status: 'queued', attempts: 1, lastError: 'boom' })
    assert.isTrue(job.run_at > DateTime.local())

    await job.merge({ run_at: DateTime.local().minus({ seconds: 1 }) }).save()
    await worker.drain()
    await job.refresh()
    assert.equal(job.status, 'failed')
    assert.deepEqual(gaveUp, [{ n: 1 }])
  })

  test('a fulfilment step that keeps crashing is recorded failed and the chain goes on', async ({
    assert,
  }) => {
    const { migration } = await createPaidMigration()
    const first = await Job.query().where('type', 'fulfilment.step').firstOrFail()
    await first.merge({ status: 'failed' }).save()

    await fulfilmentStepJob.onGaveUp!(
      { migrationId: migration.id },
      new Error('database unreachable')
    )
    await createFulfilmentWorker().drain()

    await migration.refresh()
    assert.include(migration, {
      api_status: 'failed',
      document_status: 'generated',
      email_status: 'sent',
      status: 'completed_with_warnings',
    })
  })
})
