import { test } from '@japa/runner'
import { isolateEachTest } from '#tests/helpers/database'
import { unmigratedUsersService } from '#modules/backoffice/index'
import { cliActor } from '#modules/audit/index'

/*
| Links issued in bulk are listed as links issued one at a time are: the row says until when its
| link is valid. The set-based INSERT once wrote its times with milliseconds, which the list could
| not read back, so every row generated in bulk showed no expiry (seen on the Unmigrated Users
| screen after Generate Links).
*/
test.group('Links issued in bulk, as the list shows them', (group) => {
  isolateEachTest(group)

  test('each member given a link in bulk shows its expiry and when it was made', async ({
    assert,
  }) => {
    const result = await unmigratedUsersService.generateBulkTokens(cliActor())
    assert.isAbove(result.count, 0)
    const issued = new Set(result.links.map((link) => link.memberId))
    const { users } = await unmigratedUsersService.list({})
    const listed = users.filter((row) => issued.has(row.id))
    assert.lengthOf(listed, issued.size)
    const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z$/
    for (const row of listed) {
      assert.isTrue(row.has_valid_token, `member ${row.id}`)
      assert.match(String(row.token_expires_at), isoTime)
      assert.match(String(row.token_issued_at), isoTime)
    }
  })
})
