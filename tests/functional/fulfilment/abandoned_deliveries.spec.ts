import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { EmailDelivery } from '#modules/notifications/index'
import { settleLapsed } from '#modules/notifications/services/delivery_records'
import { isolateEachTest } from '#tests/helpers/database'

function delivery(recipient: string, fields: Partial<EmailDelivery>) {
  return EmailDelivery.create({
    email_type: 'migration_invitation',
    recipient,
    subject: 'Move your coverage online',
    status: 'sending',
    attempts: 1,
    ...fields,
  })
}

test.group('Deliveries abandoned by a dead sender', (group) => {
  isolateEachTest(group)

  test('a lapsed lease settles as failed before the hand-off, unknown after it; a live one is left alone', async ({
    assert,
  }) => {
    const lapsed = DateTime.local().minus({ minutes: 2 })
    const neverHandedOff = await delivery('a@example.com', { lease_until: lapsed })
    const handedOff = await delivery('b@example.com', {
      lease_until: lapsed,
      handed_off_at: lapsed,
    })
    const live = await delivery('c@example.com', {
      lease_until: DateTime.local().plus({ minutes: 1 }),
    })

    assert.deepEqual(await settleLapsed(), { failed: 1, unknown: 1 })

    const states = await Promise.all(
      [neverHandedOff, handedOff, live].map(async (row) => (await row.refresh()).status)
    )
    assert.deepEqual(states, ['failed', 'unknown', 'sending'])
    assert.equal(
      neverHandedOff.error_message,
      'The sender stopped before handing the message to the mail server; nothing was delivered'
    )
    assert.equal(
      handedOff.error_message,
      'The sender stopped after the hand-off to the mail server began; delivery unknown'
    )
  })
})
