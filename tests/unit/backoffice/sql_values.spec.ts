import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { isoDateTime } from '#modules/backoffice/services/sql_values'

/*
| isoDateTime formats thousands of timestamps per list answer without luxon; its
| text must stay what luxon's toUTC().toISO() gave, for both drivers' shapes.
*/
test.group('isoDateTime without luxon', () => {
  test("a MariaDB Date and an SQLite text give luxon's UTC ISO text", ({ assert }) => {
    for (const iso of [
      '2026-11-27T10:46:24.000Z',
      '2024-02-29T23:59:59.000Z',
      '1999-01-01T00:00:00.000Z',
    ]) {
      const luxon = DateTime.fromISO(iso, { zone: 'utc' }).toUTC().toISO()
      assert.equal(isoDateTime(new Date(iso)), luxon)
      assert.equal(isoDateTime(`${iso.slice(0, 10)} ${iso.slice(11, 19)}`), luxon)
    }
  })

  test('empty and invalid values give null', ({ assert }) => {
    assert.isNull(isoDateTime(null))
    assert.isNull(isoDateTime(''))
    assert.isNull(isoDateTime(new Date('nope')))
    assert.isNull(isoDateTime('2026-13-01 00:00:00'))
  })
})
