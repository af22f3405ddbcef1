import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { isolateEachTest } from '#tests/helpers/database'
import { createPendingMigration } from '#tests/helpers/migration_fixtures'
import {
  MIGRATION_STATUSES,
  TRANSITIONS,
  Migration,
  type MigrationStatus,
} from '#modules/migrations/index'
import { migrationOutcomes, type MigrationOutcome, type OutcomeType } from '#modules/shared/index'

/**
 * The state machine of docs/architecture.md ("A migration's state") is the code's TRANSITIONS,
 * row for row; walking it, every status × reported outcome is accepted exactly when the table
 * has a row for it, lands on one of that row's statuses, and a refusal changes nothing.
 */
const GOOD_STEPS = { api_status: 'succeeded', document_status: 'generated', email_status: 'sent' }

/** The payment status a migration has when the outcome is the one being decided (nothing already settled). */
const PAYMENT_STATUS_BEFORE: Record<OutcomeType, string> = {
  'payment.succeeded': 'pending',
  'payment.failed': 'pending',
  'payment.refunded': 'succeeded',
  'payment.lapsed': 'succeeded',
  'coverage.cancelled': 'succeeded',
  'term.expired': 'succeeded',
  'payment.money_returned': 'succeeded',
  'fulfilment.retry_claimed': 'succeeded',
  'fulfilment.step_started': 'succeeded',
  'fulfilment.step_finished': 'succeeded',
  'fulfilment.retry_finished': 'succeeded',
  'fulfilment.enrolment_settled': 'succeeded',
}

/** Each reported outcome, in the variants that reach each of its rows. */
const VARIANTS: Record<OutcomeType, Array<(migration: Migration) => MigrationOutcome>> = {
  'payment.succeeded': [(m) => ({ type: 'payment.succeeded', migrationId: m.id })],
  'payment.failed': [(m) => ({ type: 'payment.failed', migrationId: m.id })],
  'payment.refunded': [
    (m) => ({
      type: 'payment.refunded',
      migrationId: m.id,
      reason: 'Refunded by the state machine test',
    }),
  ],
  'payment.lapsed': [
    (m) => ({
      type: 'payment.lapsed',
      migrationId: m.id,
      reason: 'Lapsed by the state machine test',
    }),
  ],
  'coverage.cancelled': [
    (m) => ({
      type: 'coverage.cancelled',
      migrationId: m.id,
      reason: 'Cancelled by the state machine test',
    }),
  ],
  'term.expired': [(m) => ({ type: 'term.expired', migrationId: m.id })],
  'payment.money_returned': [
    (m) => ({
      type: 'payment.money_returned',
      migrationId: m.id,
      paymentStatus: 'partially_refunded',
    }),
  ],
  'fulfilment.retry_claimed': [(m) => ({ type: 'fulfilment.retry_claimed', migrationId: m.id })],
  'fulfilment.step_started': [
    (m) => ({ type: 'fulfilment.step_started', migrationId: m.id, step: 'documents' }),
  ],
  'fulfilment.step_finished': [
    (m) => ({
      type: 'fulfilment.step_finished',
      migrationId: m.id,
      step: 'enrolment',
      outcome: 'succeeded',
    }),
    (m) => ({
      type: 'fulfilment.step_finished',
      migrationId: m.id,
      step: 'emails',
      outcome: 'sent',
    }),
    (m) => ({
      type: 'fulfilment.step_finished',
      migrationId: m.id,
      step: 'emails',
      outcome: 'failed',
    }),
  ],
  'fulfilment.retry_finished': [
    (m) => ({
      type: 'fulfilment.retry_finished',
      migrationId: m.id,
      step: 'documents',
      outcome: 'generated',
    }),
    (m) => ({
      type: 'fulfilment.retry_finished',
      migrationId: m.id,
      step: 'documents',
      outcome: 'partial',
    }),
  ],
  'fulfilment.enrolment_settled': [
    (m) => ({
      type: 'fulfilment.enrolment_settled',
      migrationId: m.id,
      apiStatus: 'succeeded',
      seen: seenOf(m),
    }),
    (m) => ({
      type: 'fulfilment.enrolment_settled',
      migrationId: m.id,
      apiStatus: 'failed',
      seen: seenOf(m),
    }),
  ],
}

function seenOf(migration: Migration) {
  return {
    status: migration.status,
    api_status: migration.api_status,
    document_status: migration.document_status,
    email_status: migration.email_status,
  }
}

/** The rows of the table under "## A migration's state" in docs/architecture.md, as `from → to: trigger (by)`. */
async function documentedRows() {
  const doc = await readFile(new URL('../../../docs/architecture.md', import.meta.url), 'utf8')
  const section = doc.split("## A migration's state")[1].split('\n## ')[0]
  return section
    .split('\n')
    .filter(
      (line) =>
        /^\| (—|[a-z_]+) \| [a-z_]+ \| [a-z_.]+ \| [a-z]+ \|$/.test(line) &&
        !line.startsWith('| from |')
    )
    .map((line) => {
      const [from, to, trigger, by] = line
        .split('|')
        .slice(1, 5)
        .map((cell) => cell.trim())
      return `${from} → ${to}: ${trigger} (${by})`
    })
}

function rowText(row: (typeof TRANSITIONS)[number]) {
  return `${row.from ?? '—'} → ${row.to}: ${row.trigger} (${row.by})`
}

test.group('Migrations: the state machine', (group) => {
  isolateEachTest(group)

  test('the table in docs/architecture.md is the code’s transition table, row for row', async ({
    assert,
  }) => {
    const documented = await documentedRows()
    assert.isAbove(documented.length, 20)
    assert.deepEqual(documented, TRANSITIONS.map(rowText))
    const REPORTER = {
      checkout: 'migrations',
      payment: 'payments',
      coverage: 'payments',
      fulfilment: 'fulfilment',
      term: 'fulfilment',
    } as Record<string, string>
    for (const row of TRANSITIONS)
      assert.equal(row.by, REPORTER[row.trigger.split('.')[0]], rowText(row))
  })

  test('every status × reported outcome: accepted exactly on a row of the table, refused (nothing changed) otherwise', async ({
    assert,
  }) => {
    const reached = new Set<string>()
    for (const type of Object.keys(VARIANTS) as OutcomeType[]) {
      for (const from of MIGRATION_STATUSES) {
        const rows = TRANSITIONS.filter((row) => row.trigger === type && row.from === from)
        for (const variant of VARIANTS[type]) {
          const { migration } = await createPendingMigration()
          await migration
            .merge({ status: from, payment_status: PAYMENT_STATUS_BEFORE[type], ...GOOD_STEPS })
            .save()
          const before = JSON.stringify((await Migration.findOrFail(migration.id)).$attributes)
          const outcome = variant(migration)
          const answer = await db.transaction((trx) => migrationOutcomes.report(outcome, trx))
          const after = await Migration.findOrFail(migration.id)
          const label = `${from} + ${JSON.stringify(outcome)}`
          // Out of the way of the next walk's payment (a member's processing or completed migration refuses another).
          await Migration.query().where('id', migration.id).update({ status: 'failed' })
          if (rows.length === 0) {
            assert.isFalse(answer.accepted, `${label} must be refused`)
            assert.equal(
              JSON.stringify(after.$attributes),
              before,
              `${label} changed the migration`
            )
            continue
          }
          assert.isTrue(answer.accepted, `${label} must be accepted: ${JSON.stringify(answer)}`)
          assert.include(
            rows.map((row) => row.to),
            after.status as MigrationStatus,
            label
          )
          reached.add(rowText(rows.find((row) => row.to === after.status)!))
        }
      }
    }
    const reportedRows = TRANSITIONS.filter((row) => row.by !== 'migrations').map(rowText)
    assert.deepEqual(
      reportedRows.filter((row) => !reached.has(row)),
      [],
      'rows of the table no walk reached'
    )
  }).timeout(120_000)
})
