import { test } from '@japa/runner'
import { Member } from '#modules/members/index'
import { Migration } from '#modules/migrations/index'
import { Document } from '#modules/documents/index'
import { createFulfilmentWorker } from '#modules/fulfilment/index'
import { isolateEachTest } from '#tests/helpers/database'
import { consentTo } from '#tests/helpers/consent'
import { outboxMessages } from '#tests/helpers/outbox'

/**
 * Withdrawal is offered as soon as the payment is recorded: while fulfilment still runs (the
 * migration `processing`, its steps queued), GET /api/member/withdrawal offers the refund and
 * POST withdraws; the steps not yet run are left out and the cancellation goes through.
 */
test.group('Withdrawal right after paying', (group) => {
  isolateEachTest(group)

  test('a processing migration: offered, withdrawn, refunded, no later step run', async ({
    client,
    assert,
  }) => {
    const anna = await Member.findByOrFail('member_id', 'DEMO-1001')
    const created = await client
      .post('/api/migration/create')
      .json({
        memberIds: [anna.id],
        durationType: '12_months',
        paymentFrequency: 'quarterly',
        currency: 'EUR',
      })
      .asMember(anna)
      .withCsrfToken()
    created.assertStatus(200)
    const migrationId = created.body().migrationId
    await consentTo(migrationId)
    ;(
      await client
        .post(`/api/migration/${migrationId}/sandbox-confirm`)
        .asMember(anna)
        .withCsrfToken()
    ).assertStatus(200)
    const paid = await Migration.findOrFail(migrationId)
    assert.deepEqual([paid.status, paid.payment_status], ['processing', 'succeeded'])

    const offer = await client.get('/api/member/withdrawal').asMember(anna)
    offer.assertStatus(200)
    assert.containsSubset(offer.body(), {
      withdrawal: null,
      offer: { refundCents: Math.round(paid.subscription_amount * 100), currency: 'EUR' },
    })

    const withdrawn = await client.post('/api/member/withdrawal').asMember(anna).withCsrfToken()
    withdrawn.assertStatus(200)
    assert.containsSubset(withdrawn.body(), {
      offer: null,
      withdrawal: { refundCents: Math.round(paid.subscription_amount * 100), currency: 'EUR' },
    })

    await createFulfilmentWorker().drain()
    const after = await Migration.findOrFail(migrationId)
    assert.deepEqual([after.status, after.payment_status], ['cancelled', 'refunded'])
    // The steps queued before the withdrawal were left out: no policy document, no confirmation.
    assert.lengthOf(
      await Document.query().where('migration_id', migrationId).where('document_type', 'policy'),
      0
    )
    assert.lengthOf(await outboxMessages(`Your migration ${after.migration_reference}`), 0)
    const [mail] = await outboxMessages(`Your coverage ${after.migration_reference} is cancelled`)
    assert.equal(mail.subject, `Your coverage ${after.migration_reference} is cancelled`)
  })
})
