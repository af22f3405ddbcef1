import { MigrationConsent } from '#modules/migrations/index'
import { languageOf, type Language } from '#modules/shared/index'

/**
 * The language a purchase's documents and emails are written in: the language of its checkout,
 * as the consent recorded it (the last consent of the migration), else the member's language
 * (English until known). A later sign-in in another language changes members.language for what
 * comes next, not for a purchase already made (docs/shop.md, "Languages — server side").
 */
export async function purchaseLanguage(
  migrationId: number,
  memberLanguage: string | null | undefined
): Promise<Language> {
  const consent = await MigrationConsent.query()
    .where('migration_id', migrationId)
    .orderBy('accepted_at', 'desc')
    .orderBy('id', 'desc')
    .first()
  return languageOf(consent?.language ?? memberLanguage)
}
