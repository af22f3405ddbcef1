import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import { Migration } from '#modules/migrations/index'
import { committedPrincipal } from '#tests/helpers/committed_member'
import { fireTimes, type BurstResponse } from '#tests/helpers/simultaneous'

/**
 * One payable checkout per member, whatever the clicks (docs/fulfilment.md, "One checkout per
 * member"). The requests arrive together on their own connections, against committed rows: no
 * rolled-back transaction here, each test has its own member and removes it afterwards.
 */
const SELECTION = { durationType: '12_months', paymentFrequency: 'quarterly', currency: 'USD' }
const STARTING = { success: false, error: 'Your checkout is already being prepared. Please wait a moment and try again.' }

/** Every answer is a checkout (200) or the clear 409 of a checkout already being prepared. */
function assertCheckoutsOr409(assert: any, answers: BurstResponse[]) {
  for (const answer of answers) {
    if (answer.status === 200) continue
    assert.deepEqual([answer.status, answer.body], [409, STARTING])
  }
  assert.isAtLeast(answers.filter((answer) => answer.status === 200).length, 1)
}

test.group('Checkout: simultaneous creates', () => {
  test('4 simultaneous creates with one idempotency key: one pending checkout, every answer is that checkout or a 409, and it can be paid', async ({ assert, cleanup }) => {
    const family = await committedPrincipal()
    cleanup(() => family.remove())
    const session = await family.signIn()
    const body = { memberIds: [family.member.id], ...SELECTION, idempotencyKey: randomUUID() }

    const answers = await fireTimes(4, () => ({ path: '/api/migration/create', body, headers: session.sessionHeaders() }))

    const migrations = await Migration.query().where('member_id', family.member.id)
    assert.lengthOf(migrations, 1, 'one checkout for one key')
    const [checkout] = migrations
    assert.equal(checkout.status, 'pending')
    assertCheckoutsOr409(assert, answers)
    const created = answers.filter((answer) => answer.status === 200)
    for (const answer of created) {
      assert.include(answer.body, { success: true, migrationId: checkout.id, migrationReference: checkout.migration_reference, clientSecret: created[0].body.clientSecret })
    }
    assert.match(created[0].body.clientSecret, new RegExp(`^${checkout.payment_intent_id}_secret_`))

    const confirm = await session.post(`/api/migration/${checkout.id}/sandbox-confirm`)
    assert.equal(confirm.status, 200)
    await checkout.refresh()
    assert.include(checkout.$attributes, { status: 'processing', payment_status: 'succeeded' })
  })

  test('4 simultaneous creates without a key: exactly one stays pending and payable; the others were refused (409) or withdrawn as older attempts', async ({ assert, cleanup }) => {
    const family = await committedPrincipal()
    cleanup(() => family.remove())
    const session = await family.signIn()
    const body = { memberIds: [family.member.id], ...SELECTION }

    const answers = await fireTimes(4, () => ({ path: '/api/migration/create', body, headers: session.sessionHeaders() }))

    assertCheckoutsOr409(assert, answers)
    const pending = await Migration.query().where('member_id', family.member.id).where('status', 'pending')
    assert.lengthOf(pending, 1)
    for (const answer of answers.filter((a) => a.status === 200 && a.body.migrationId !== pending[0].id)) {
      const older = await Migration.findOrFail(answer.body.migrationId)
      assert.isBelow(older.id, pending[0].id)
      assert.include(older.$attributes, { status: 'failed', payment_status: 'cancelled' })
      assert.match(older.failure_reason!, /^Superseded by MIG-/)
    }

    const confirm = await session.post(`/api/migration/${pending[0].id}/sandbox-confirm`)
    assert.equal(confirm.status, 200)
    await pending[0].refresh()
    assert.equal(pending[0].payment_status, 'succeeded')
  })
})
