/**
 * The screen's clean answers 200 when it ends within `cleanWait.waitMs` (2 s in production), else
 * 202 and goes on in the background. A test's clean of its few rows must end inside its own
 * rolled-back transaction: on a loaded machine (load 14, a clean-clone run) 2 s passed, the clean
 * went on after the test's rollback and deleted the suite's seeded data, and 12 later tests failed.
 * Tests about the 202 set it to 0 and wait for the end (clean_in_batches.spec.ts).
 */
export const TEST_CLEAN_WAIT_MS = 120_000

/** Sets the wait for the whole test process (tests/bootstrap.ts), after the app has booted. */
export async function useTestCleanWait() {
  const { cleanWait } = await import('#modules/imports/index')
  cleanWait.waitMs = TEST_CLEAN_WAIT_MS
}
