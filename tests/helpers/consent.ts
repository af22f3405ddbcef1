import { Member } from '#modules/members/index'
import { Migration, consentTermsFor, recordConsent } from '#modules/migrations/index'

/**
 * The member ticks the consent box of a checkout (POST /migration/{id}/consent does the same):
 * every test that pays records consent first, since the server takes no payment without it.
 * Answers the payment's secret the consent call hands out.
 */
export async function consentTo(migrationId: number, language = 'en'): Promise<string> {
  const migration = await Migration.findOrFail(migrationId)
  const member = await Member.findOrFail(migration.member_id)
  const { textVersion } = await consentTermsFor(migration)
  const { clientSecret } = await recordConsent(member, migrationId, {
    textVersion,
    language,
    ip: '127.0.0.1',
  })
  return clientSecret
}
