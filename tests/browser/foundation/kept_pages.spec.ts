import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { adminScreen } from '#tests/helpers/browser_sessions'

/**
 * The back-office page kept for the test process (adminScreen) serves every later test: one that a
 * failed test left frozen must not take them all with it. CI once saw a confirm() left open by a
 * failed click: each later test in the shard timed out twice, and the shard ran out of time.
 */
test.group('Kept back-office page', (group) => {
  isolateEachTest(group)

  // About 5 s: the kept page is given that long to answer before it is replaced.
  test('a kept page a test left held by an unanswered dialog is replaced by a working one', async ({
    assert,
  }) => {
    const held = await adminScreen('products')
    const shown = new Promise<void>((resolve) => held.once('dialog', () => resolve()))
    // Listened to and never answered, as a test that failed between a dialog and its answer leaves it.
    void held.evaluate(() => confirm('Leave without saving?')).catch(() => undefined)
    await shown

    const next = await adminScreen('migrations')
    assert.notStrictEqual(next, held)
    assert.isTrue(held.isClosed())
    assert.equal(new URL(next.url()).pathname, '/admin/migrations')
    await next.getByTestId('admin-sidebar').waitFor()
  })
})
