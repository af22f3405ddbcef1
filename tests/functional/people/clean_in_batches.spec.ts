import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { baseUrl } from '#tests/helpers/browser'
import { AdminUser } from '#modules/admins/index'
import { CLEAN_BATCH_ROWS, cleanDatabase, cleanWait, type CleanRun } from '#modules/imports/index'
import { TEST_CLEAN_WAIT_MS } from '#tests/helpers/clean_wait'

const stamp = () => new Date().toISOString().slice(0, 19).replace('T', ' ')
const count = async (table: string) => Number((await db.from(table).count('* as n').first()).n)

/** `families` principals, each with two dependants linked by principal_id (the self-reference the clean must unlink). */
async function addFamilies(families: number) {
  const member = (id: string, role: string, principalId: number | null) => ({
    member_id: id,
    insured_full_name: `Bulk ${id}`,
    date_of_birth: '1980-01-01',
    insured_role: role,
    principal_id: principalId,
    created_at: stamp(),
    updated_at: stamp(),
  })
  for (let start = 0; start < families; start += 200) {
    const ids = Array.from(
      { length: Math.min(200, families - start) },
      (_, i) => `BULK-${start + i}`
    )
    await db.table('members').multiInsert(ids.map((id) => member(id, 'Principal', null)))
    const principals = await db.from('members').whereIn('member_id', ids).select('id', 'member_id')
    await db
      .table('members')
      .multiInsert(
        principals.flatMap((p) => [
          member(`${p.member_id}-S`, 'Spouse', p.id),
          member(`${p.member_id}-C`, 'Child', p.id),
        ])
      )
  }
}

/** Probes /health/live every `everyMs` until stopped; answers when each probe was answered and how long it took. */
function probeLiveness(everyMs: number) {
  const probes: { answeredAt: number; ms: number; status: number }[] = []
  let running = true
  const loop = (async () => {
    while (running) {
      const sent = Date.now()
      const response = await fetch(`${baseUrl()}/health/live`)
      await response.text()
      probes.push({ answeredAt: Date.now(), ms: Date.now() - sent, status: response.status })
      await new Promise((resolve) => setTimeout(resolve, everyMs))
    }
  })()
  return async () => {
    running = false
    await loop
    return probes
  }
}

test.group('Clean Database in batches', (group) => {
  isolateEachTest(group)
  group.each.teardown(() => {
    cleanWait.waitMs = TEST_CLEAN_WAIT_MS
  })

  test('a clean of 3,000 members deletes in batches, reports progress in steps, and /health/live answers meanwhile', async ({
    assert,
  }) => {
    await addFamilies(1000)
    const members = await count('members')
    assert.isAtLeast(members, 3000)

    const reports: { at: number; deleted: number; total: number }[] = []
    // Warmed up first: the first request loads the health controller (compiled on first import here).
    await (await fetch(`${baseUrl()}/health/live`)).text()
    const stopProbing = probeLiveness(5)
    const { deletedCounts } = await cleanDatabase('DELETE ALL DATA', 'test', (run: CleanRun) =>
      reports.push({ at: Date.now(), deleted: run.deletedRows, total: run.totalRows })
    )
    const probes = await stopProbing()

    assert.equal(deletedCounts.members, members)
    assert.equal(await count('members'), 0)
    // One report per batch of at most CLEAN_BATCH_ROWS rows, growing to the total.
    const steps = reports.map((report) => report.deleted)
    assert.isAtLeast(new Set(steps).size, Math.ceil(members / CLEAN_BATCH_ROWS))
    assert.deepEqual(
      steps,
      [...steps].sort((a, b) => a - b)
    )
    for (let i = 1; i < steps.length; i++)
      assert.isAtMost(steps[i] - steps[i - 1], CLEAN_BATCH_ROWS)
    assert.equal(steps.at(-1), reports.at(-1)!.total)
    // The server answered between the batches, not only after the clean.
    const during = probes.filter(
      (probe) => probe.answeredAt > reports[0].at && probe.answeredAt < reports.at(-1)!.at
    )
    const timing = `clean ${reports.at(-1)!.at - reports[0].at} ms in ${reports.length} reports; probes answered during it: ${during.length} of ${probes.length} (${probes.map((p) => p.ms).join(',')})`
    assert.isAtLeast(during.length, 1, timing)
    // How long each probe waited depends on the machine's load: bench/clean.ts measures it (docs/benchmarks.md).
    assert.isTrue(probes.every((probe) => probe.status === 200))
  })

  test("the screen's clean answers 202 while it runs and its progress is read until done", async ({
    client,
    assert,
  }) => {
    await addFamilies(700)
    const members = await count('members')
    const admin = await AdminUser.findByOrFail('username', 'admin')
    cleanWait.waitMs = 0

    const started = await client
      .post('/api/admin/data/clean')
      .json({ confirmation: 'DELETE ALL DATA' })
      .asAdmin(admin)
      .withCsrfToken()
    started.assertStatus(202)
    assert.containsSubset(started.body(), {
      success: true,
      deletedCounts: { members, migrations: 1 },
      clean: { status: 'running', deletedCounts: { members, migrations: 1 }, error: null },
    })
    assert.isBelow(started.body().clean.deletedRows, started.body().clean.totalRows)

    let clean = started.body().clean
    for (let polls = 0; clean.status === 'running' && polls < 500; polls++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      clean = (await client.get('/api/admin/data/clean').asAdmin(admin)).body().clean
    }
    assert.equal(clean.status, 'done')
    assert.equal(clean.deletedRows, clean.totalRows)
    assert.equal(await count('members'), 0)
  })

  test('a clean whose process died (lease lapsed) is taken over and finished by the next one; a live one is not doubled', async ({
    client,
    assert,
  }) => {
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const members = await count('members')
    const dead = {
      status: 'running',
      active_key: 'clean',
      actor: 'admin:1',
      members,
      migrations: 1,
      total_rows: 50,
      deleted_rows: 7,
      lease_expires_ms: Date.now() - 1000,
      created_at: stamp(),
      updated_at: stamp(),
    }
    const [deadId] = await db.table('data_cleans').insert(dead)
    assert.equal(
      (await client.get('/api/admin/data/clean').asAdmin(admin)).body().clean.status,
      'interrupted'
    )

    const resumed = await client
      .post('/api/admin/data/clean')
      .json({ confirmation: 'DELETE ALL DATA' })
      .asAdmin(admin)
      .withCsrfToken()
    resumed.assertStatus(200)
    assert.containsSubset(resumed.body().clean, { id: deadId, status: 'done' })
    assert.equal(await count('members'), 0)
    assert.lengthOf(await db.from('data_cleans').whereNotNull('active_key'), 0)

    // A run whose process is alive (lease held): a second clean follows it, it does not start another.
    await db
      .from('data_cleans')
      .where('id', deadId)
      .update({ status: 'running', active_key: 'clean', lease_expires_ms: Date.now() + 60_000 })
    cleanWait.waitMs = 0
    const second = await client
      .post('/api/admin/data/clean')
      .json({ confirmation: 'DELETE ALL DATA' })
      .asAdmin(admin)
      .withCsrfToken()
    second.assertStatus(202)
    assert.containsSubset(second.body().clean, { id: deadId, status: 'running' })
    assert.equal(await count('data_cleans'), 1)
  })
})
