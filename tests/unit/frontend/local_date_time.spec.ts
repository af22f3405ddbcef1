import { test } from '@japa/runner'
import { localIsoDateTime } from '../../../frontend/src/common/format.js'

// The browser's calendar, not UTC's: late evening in New York is already tomorrow in UTC.
test.group('localIsoDateTime', (group) => {
  const zone = process.env.TZ
  group.each.teardown(() => {
    if (zone === undefined) delete process.env.TZ
    else process.env.TZ = zone
  })

  test('{zone}: {utc} reads {local}')
    .with([
      { zone: 'America/New_York', utc: '2026-11-25T02:30:00Z', local: '2026-11-24T21:30:00' },
      { zone: 'Asia/Tokyo', utc: '2026-11-24T20:30:00Z', local: '2026-11-25T05:30:00' },
      { zone: 'UTC', utc: '2026-11-24T20:30:00Z', local: '2026-11-24T20:30:00' },
    ])
    .run(({ assert }, row) => {
      process.env.TZ = row.zone
      assert.equal(localIsoDateTime(new Date(row.utc)), row.local)
    })
})
