import { test } from '@japa/runner'
import ExcelJS from 'exceljs'
import {
  EXPORT_COLUMNS,
  exportFileName,
  exportRows,
  neutralise,
  toCsv,
  toXlsx,
} from '../../../frontend/src/admin/pages/unmigrated-users/exportUsers.js'

const user = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  member_id: 'M-7',
  insured_full_name: 'Anna Schmidt',
  email: 'anna@example.com',
  date_of_birth: '1980-04-15',
  product_name: 'Global Health Gold',
  plan_name: 'Gold',
  policy_start_date: '2026-01-01',
  policy_end_date: '2026-12-31',
  token: null,
  has_valid_token: false,
  token_expires_at: null,
  token_issued_at: null,
  is_blocked: false,
  invited_at: null,
  reminders_sent: 0,
  last_delivery_status: null,
  ...overrides,
})

test.group('Unmigrated users export: neutralisation and CSV quoting', () => {
  test('cells starting with = + - @, a tab or a carriage return get a leading apostrophe', ({
    assert,
  }) => {
    for (const value of ['=1+1', '+49 30 1234', '-2', '@SUM(A1)', '\tcmd', '\rcmd'])
      assert.equal(neutralise(value), `'${value}`)
    for (const value of ['Anna', '', ' =1', "'=1", 'a=b', '1-2'])
      assert.equal(neutralise(value), value)
  })

  test('rows follow the export columns: birth year only, empty cells for missing values, the session link', ({
    assert,
  }) => {
    const links = new Map([
      [
        7,
        {
          memberId: 7,
          token: 't',
          secureLink: 'https://portal.example/shop/login?token=t',
          expiresAt: null,
        },
      ],
    ])
    const rows = exportRows(
      [
        user(),
        user({
          id: 8,
          member_id: 'M-8',
          email: null,
          date_of_birth: null,
          plan_name: null,
          insured_full_name: '=HYPERLINK("http://x")',
        }),
      ],
      links
    )
    assert.deepEqual(rows, [
      [
        'M-7',
        'Anna Schmidt',
        'anna@example.com',
        '1980',
        'Global Health Gold',
        'Gold',
        '2026-01-01',
        '2026-12-31',
        'https://portal.example/shop/login?token=t',
      ],
      [
        'M-8',
        `'=HYPERLINK("http://x")`,
        '',
        '',
        'Global Health Gold',
        '',
        '2026-01-01',
        '2026-12-31',
        '',
      ],
    ])
    assert.deepEqual(
      [...EXPORT_COLUMNS],
      [
        'Member ID',
        'Full Name',
        'Email',
        'Birth Year',
        'Product',
        'Plan',
        'Policy Start',
        'Policy End',
        'Secure Login Link',
      ]
    )
  })

  test('CSV is RFC 4180: quotes doubled, fields with a comma, quote or line break quoted, CRLF line ends', ({
    assert,
  }) => {
    const csv = toCsv([
      ['a,b', 'say "hi"', 'two\nlines', 'plain', "'=1,2"],
      ['', 'x\r\ny', 'z', '', ''],
    ])
    assert.equal(
      csv,
      'Member ID,Full Name,Email,Birth Year,Product,Plan,Policy Start,Policy End,Secure Login Link\r\n' +
        '"a,b","say ""hi""","two\nlines",plain,"\'=1,2"\r\n' +
        ',"x\r\ny",z,,\r\n'
    )
  })

  test('XLSX keeps every cell as text: no formula survives', async ({ assert }) => {
    const blob = await toXlsx(
      exportRows([user({ insured_full_name: '=1+1', email: '@evil' })], new Map())
    )
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(Buffer.from(await blob.arrayBuffer()) as any)
    const sheet = workbook.worksheets[0]
    assert.deepEqual((sheet.getRow(1).values as unknown[]).slice(1), [...EXPORT_COLUMNS])
    assert.equal(sheet.getCell('B2').value, "'=1+1")
    assert.equal(sheet.getCell('C2').value, "'@evil")
    assert.equal(sheet.getCell('B2').type, ExcelJS.ValueType.String)
  })

  test('the file name is unmigrated_users_{local date}.{extension}', ({ assert }) => {
    assert.equal(
      exportFileName('csv', new Date(2026, 2, 9, 23, 30)),
      'unmigrated_users_2026-03-09.csv'
    )
    assert.equal(
      exportFileName('xlsx', new Date(2026, 11, 31, 0, 5)),
      'unmigrated_users_2026-12-31.xlsx'
    )
  })
})
