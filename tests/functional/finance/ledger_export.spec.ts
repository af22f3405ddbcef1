import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import ExcelJS from 'exceljs'
import { ApiRequest } from '@japa/api-client'
import { parseString } from 'fast-csv'
import { AdminUser } from '#modules/admins/index'
import { Payment, processPaymentEvent } from '#modules/payments/index'
import { isolateEachTest } from '#tests/helpers/database'
import { demoAdmin } from '#tests/helpers/admin_session'
import { createPaidMigration } from '#tests/helpers/migration_fixtures'
import { stripeEvent } from '#tests/helpers/stripe_events'
import { StripeDouble, serveStripeDouble } from '#tests/helpers/stripe_double'

const stripe = new StripeDouble()
/** A refund reason typed in the provider's dashboard that a spreadsheet would run as a formula. */
const FORMULA = '=HYPERLINK("http://evil.test","refund")'

const csvRows = (text: string) =>
  new Promise<Record<string, string>[]>((resolve, reject) => {
    const rows: Record<string, string>[] = []
    // UTF-8 with a BOM (the list exports' writer): dropped before the header is read.
    parseString(text.replace(/^\ufeff/, ''), { headers: true })
      .on('data', (row) => rows.push(row))
      .on('error', reject)
      .on('end', () => resolve(rows))
  })

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
/** The XLSX answer's bytes as they came (the client would otherwise decode them as text). */
const keepBytes: Parameters<typeof ApiRequest.addParser>[1] = (response, done) => {
  const stream = response as unknown as NodeJS.ReadableStream
  const chunks: Buffer[] = []
  stream.on('data', (chunk: Buffer) => chunks.push(chunk))
  stream.on('end', () => done(null, Buffer.concat(chunks)))
}

test.group('Finance ledger export', (group) => {
  isolateEachTest(group)
  group.setup(serveStripeDouble(stripe))
  group.setup(() => {
    ApiRequest.addParser(XLSX_TYPE, keepBytes)
    return () => ApiRequest.removeParser(XLSX_TYPE)
  })

  test('CSV and XLSX of a period: the database rows of the period (payments, refunds, disputes) with provider ids, currency, amount and USD value; formula cell neutralised; audited; Support refused', async ({
    client,
    assert,
  }) => {
    const { migration } = await createPaidMigration()
    const payment = await Payment.findByOrFail('migration_id', migration.id)
    const now = Math.floor(Date.now() / 1000)
    await processPaymentEvent(
      stripeEvent(
        'refund.created',
        {
          id: 're_ledger_1',
          object: 'refund',
          amount: 10000,
          currency: 'eur',
          status: 'succeeded',
          reason: FORMULA,
          payment_intent: payment.provider_payment_id,
          created: now,
          metadata: {},
        },
        { created: now }
      )
    )
    await processPaymentEvent(
      stripeEvent(
        'charge.dispute.created',
        {
          id: 'dp_ledger_1',
          object: 'dispute',
          amount: 5000,
          currency: 'eur',
          status: 'needs_response',
          reason: 'fraudulent',
          payment_intent: payment.provider_payment_id,
          created: now,
        },
        { created: now }
      )
    )
    const today = DateTime.now().toISODate()!
    const admin = await demoAdmin()
    const period = { from: today, to: today }

    const csv = await client
      .get('/api/admin/finance/ledger-export')
      .qs({ ...period, format: 'csv' })
      .asAdmin(admin)
    csv.assertStatus(200)
    assert.include(csv.header('content-disposition'), `ledger_${today}_${today}.csv`)
    const rows = await csvRows(csv.text())
    const expected = {
      payment: Number((await db.from('payments').where('paid', true).count('* as n').first())?.n),
      refund: Number((await db.from('payment_refunds').count('* as n').first())?.n),
      dispute: Number((await db.from('payment_disputes').count('* as n').first())?.n),
    }
    assert.deepEqual(
      {
        payment: rows.filter((row) => row.kind === 'payment').length,
        refund: rows.filter((row) => row.kind === 'refund').length,
        dispute: rows.filter((row) => row.kind === 'dispute').length,
      },
      expected
    )
    const refund = rows.find((row) => row.provider_id === 're_ledger_1')!
    const rate = Number(migration.total_amount_usd) / Number(migration.total_amount)
    assert.deepInclude(refund, {
      kind: 'refund',
      provider_payment_id: payment.provider_payment_id,
      migration_reference: migration.migration_reference,
      currency: 'EUR',
      amount: '100',
      usd_value: String(Math.round(100 * rate * 100) / 100),
      reason: `'${FORMULA}`,
    })
    assert.deepInclude(rows.find((row) => row.provider_id === payment.provider_payment_id)!, {
      kind: 'payment',
      currency: payment.currency,
      amount: String(Number(payment.amount)),
    })
    assert.equal(rows.find((row) => row.kind === 'dispute')!.provider_id, 'dp_ledger_1')

    const xlsx = await client
      .get('/api/admin/finance/ledger-export')
      .qs({ ...period, format: 'xlsx' })
      .asAdmin(admin)
    xlsx.assertStatus(200)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(xlsx.body())
    const sheet = workbook.getWorksheet('Ledger')!
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    assert.equal(sheet.rowCount - 1, rows.length, 'the same rows as the CSV')
    const reasonColumn = header.indexOf('reason') + 1
    const refundRow = sheet
      .getRows(2, sheet.rowCount - 1)!
      .find((row) => row.getCell(header.indexOf('provider_id') + 1).value === 're_ledger_1')!
    assert.equal(refundRow.getCell(reasonColumn).value, `'${FORMULA}`)
    assert.equal(refundRow.getCell(reasonColumn).type, ExcelJS.ValueType.String)

    const audits = await db.from('audit_entries').where('action', 'ledger.export')
    assert.lengthOf(audits, 2)
    assert.equal(audits[0].entity_type, 'ledger')

    // A day with nothing in it: the header alone.
    const empty = await client
      .get('/api/admin/finance/ledger-export')
      .qs({ from: '2001-01-01', to: '2001-01-31', format: 'csv' })
      .asAdmin(admin)
    assert.deepEqual(await csvRows(empty.text()), [])
    ;(
      await client
        .get('/api/admin/finance/ledger-export')
        .qs({ from: today, to: '2001-01-01', format: 'csv' })
        .asAdmin(admin)
    ).assertStatus(422)
    ;(
      await client
        .get('/api/admin/finance/ledger-export')
        .qs({ ...period, format: 'pdf' })
        .asAdmin(admin)
    ).assertStatus(422)

    const support = await AdminUser.create({
      username: 'ledger_support',
      email: 'ledger_support@example.test',
      password: 'support-pass-55',
      role: 'support',
    })
    const refused = await client
      .get('/api/admin/finance/ledger-export')
      .qs({ ...period, format: 'csv' })
      .asAdmin(support)
    refused.assertStatus(403)
    const finance = await AdminUser.create({
      username: 'ledger_finance',
      email: 'ledger_finance@example.test',
      password: 'finance-pass-55',
      role: 'finance',
    })
    ;(
      await client
        .get('/api/admin/finance/ledger-export')
        .qs({ ...period, format: 'csv' })
        .asAdmin(finance)
    ).assertStatus(200)
    // csv, xlsx, the empty period and Finance's: the refused and invalid requests left none.
    assert.lengthOf(await db.from('audit_entries').where('action', 'ledger.export'), 4)
  }).timeout(60_000)
})
