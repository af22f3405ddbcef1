import db from '@adonisjs/lucid/services/db'
import testUtils from '@adonisjs/core/services/test_utils'
import type { Group } from '@japa/runner/core'
import limiter from '@adonisjs/limiter/services/main'
import { seedReferenceData } from '#database/seed/reference_data'
import { seedDemoMembers } from '#database/seed/demo_members'
import { seedDemoAdmin } from '#database/seed/demo_admin'
import { seedDemoProductDocuments } from '#database/seed/demo_product_documents'
import { prepareLoginThrottle } from '#modules/auth/index'

/** Password of the demo admin in tests (set in .env.test). */
export const TEST_ADMIN = {
  username: 'admin',
  password: process.env.DEMO_ADMIN_PASSWORD ?? 'demo-admin-pass',
}

/** Runs once before all suites: a fresh schema with reference data, the demo members and the demo admin. */
export async function prepareTestDatabase() {
  await db.connection().dropAllTables()
  await testUtils.db().migrate()
  await seedReferenceData()
  await seedDemoMembers()
  await seedDemoProductDocuments()
  await seedDemoAdmin(TEST_ADMIN.password)
  prepareLoginThrottle()
}

/**
 * Every test of the group runs inside a transaction rolled back afterwards,
 * so each starts from the seeded demo state; throttling counters reset too.
 */
export function isolateEachTest(group: Group) {
  group.each.setup(async (test) => {
    await startIsolated()
    // Japa runs setup hooks once per test, not per attempt: a retried attempt (the browser suite
    // retries once) would start inside the first attempt's transaction, with its rows still there.
    const executor = test.options.executor as
      | ((...args: unknown[]) => void | Promise<void>)
      | undefined
    if (executor) {
      test.options.executor = async (...args: unknown[]) => {
        const attempt = test.options.retryAttempt ?? 1
        if (attempt > 1) {
          await db.rollbackGlobalTransaction()
          await startIsolated()
        }
        try {
          await executor(...args)
        } catch (error) {
          // Japa reports only the last attempt's error: the one that made a test flaky would be lost.
          if (attempt <= (test.options.retries ?? 0))
            console.error(`Attempt ${attempt} of "${test.title}" failed:`, error)
          throw error
        }
      }
    }
    return () => db.rollbackGlobalTransaction()
  })
}

async function startIsolated() {
  await limiter.clear()
  await db.beginGlobalTransaction()
}

/**
 * For a group whose tests commit for real (other processes, simultaneous requests): the rows its
 * tests add to `tables` (audit entries, sign-in history) are removed when the group ends, so the
 * files after it start from the seeded state (the audit tests count every entry).
 */
export function removeRowsAddedByGroup(
  group: Group,
  tables: string[] = ['audit_entries', 'sign_in_events']
) {
  group.setup(async () => {
    const marks = new Map<string, number>()
    for (const table of tables) {
      const row = await db.from(table).max('id as last').first()
      marks.set(table, Number(row?.last ?? 0))
    }
    return async () => {
      for (const [table, last] of marks) await db.from(table).where('id', '>', last).delete()
    }
  })
}
