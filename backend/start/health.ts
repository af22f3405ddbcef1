import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { BaseCheck, HealthChecks, Result } from '@adonisjs/core/health'
import { DbCheck } from '@adonisjs/lucid/database'
import { MigrationRunner } from '@adonisjs/lucid/migration'
import { workerHeartbeats } from '#modules/jobs/index'

/** Every migration on disk has run on the default connection (none pending, none unknown). */
class MigrationsCheck extends BaseCheck {
  name = 'Migrations applied'

  async run() {
    try {
      const runner = new MigrationRunner(db, app, { direction: 'up', dryRun: true })
      const list = await runner.getList()
      const pending = list.filter((migration) => migration.status !== 'migrated')
      if (pending.length > 0)
        return Result.failed(`${pending.length} migration(s) not applied`).mergeMetaData({
          pending: pending.map((m) => m.name),
        })
      return Result.ok(`${list.length} migrations applied`)
    } catch (error) {
      return Result.failed('Cannot read the migrations table', error as Error)
    }
  }
}

/**
 * The background job worker of this process turns. The web server starts it
 * (backend/providers/background_provider.ts) unless BACKGROUND_WORKERS=false
 * puts it in another process; other processes (tests, ace) check the workers
 * they started, if any.
 */
class WorkerCheck extends BaseCheck {
  name = 'Background worker alive'

  async run() {
    const { started, alive } = workerHeartbeats()
    const expected = app.getEnvironment() === 'web' && env.get('BACKGROUND_WORKERS', true)
    if (started === 0 && !expected) return Result.ok('No background worker runs in this process')
    if (started === 0) return Result.failed('The background worker has not started')
    if (alive < started)
      return Result.failed(`${started - alive} background worker(s) stopped turning`)
    return Result.ok('The background worker is turning')
  }
}

/** Readiness: checks built per run, so a connection replaced after an outage is the one checked. */
export function readinessChecks() {
  return new HealthChecks().register([
    new DbCheck(db.connection()),
    new MigrationsCheck(),
    new WorkerCheck(),
  ])
}
