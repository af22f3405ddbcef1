import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import { isolateEachTest } from '#tests/helpers/database'
import { CookieClient } from '#tests/helpers/cookie_client'
import { statementsDuring } from '#tests/helpers/statement_log'

/*
| What a member call costs in database round trips, once the process has
| the reference data cached: the member's own rows, the session's device row, the sign-in
| counters, and one small versions query (modules/shared/reference_cache.ts) instead of the
| products, currencies, rates and settings.
*/
const ANNA = { memberId: 'DEMO-1001', dateOfBirth: '1980-04-15' }
const REFERENCE_TABLES = /\b(products|currencies|exchange_rates|settings)\b/i

async function signedIn() {
  const member = new CookieClient()
  const login = await member.post('/api/auth/login', ANNA)
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`)
  return member
}

test.group('Member calls: database round trips', (group) => {
  isolateEachTest(group)
  group.each.setup(() => limiter.clear())

  test('details, calculate and login read no reference table once cached', async ({ assert }) => {
    const member = await signedIn()
    const details = await member.get('/api/member/details')
    const memberIds = [details.body.member.id, ...details.body.relatedMembers.map((m: any) => m.id)]
    const quote = {
      memberIds,
      durationType: '12_months',
      paymentFrequency: 'monthly',
      currency: 'EUR',
    }
    await member.post('/api/migration/calculate', quote) // every cache warm
    const costs: Record<string, string[]> = {
      details: await statementsDuring(async () => {
        const answer = await member.get('/api/member/details')
        assert.equal(answer.status, 200)
      }),
      calculate: await statementsDuring(async () => {
        const answer = await member.post('/api/migration/calculate', quote)
        assert.equal(answer.status, 200)
      }),
      login: await statementsDuring(async () => {
        assert.equal((await new CookieClient().post('/api/auth/login', ANNA)).status, 200)
      }),
    }
    console.log(JSON.stringify(costs, null, 1))
    for (const [call, statements] of Object.entries(costs))
      assert.deepEqual(
        statements.filter((sql) => REFERENCE_TABLES.test(sql)),
        [],
        `${call} read reference tables`
      )
  })
})
