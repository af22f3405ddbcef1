/**
 * The words a member accepts before paying (docs/shop.md, "Consent"). Pure data shared by the
 * server (which records the words shown) and the shop. Each text has a version: change the
 * words → new version. Placeholders in {braces} are filled by the server (consentText()).
 */
export const CONSENT_TEXTS = {
  'conditions-2026-11':
    'I have read the policy conditions and the pre-contract information of {coverage} and accept them. I may withdraw within {coolingOffDays} days of the first payment and get the whole amount back.',
  'conditions-recurring-2026-11':
    'I have read the policy conditions and the pre-contract information of {coverage} and accept them. I may withdraw within {coolingOffDays} days of the first payment and get the whole amount back. I authorise the charge of {count} payments to my card: {schedule}. I can stop the future payments at any time with Withdraw in my member area or by writing to {supportEmail}.',
  // The stop of future payments exists outside the cooling-off period too (docs/shop.md, "Stop future payments").
  'conditions-recurring-2026-12':
    'I have read the policy conditions and the pre-contract information of {coverage} and accept them. I may withdraw within {coolingOffDays} days of the first payment and get the whole amount back. I authorise the charge of {count} payments to my card: {schedule}. I can stop the future payments at any time with Stop future payments in my member area or by writing to {supportEmail}; my cover then ends at the end of the last period paid.',
} as const

export type ConsentTextVersion = keyof typeof CONSENT_TEXTS

/**
 * The same versions in German and French (the member's language, docs/shop.md): the same placeholders, the same
 * meaning. A version's words change in every language together (→ new version).
 */
export const CONSENT_TRANSLATIONS: Record<'de' | 'fr', Record<ConsentTextVersion, string>> = {
  de: {
    'conditions-2026-11':
      'Ich habe die Versicherungsbedingungen und die vorvertraglichen Informationen zu {coverage} gelesen und akzeptiere sie. Ich kann innerhalb von {coolingOffDays} Tagen nach der ersten Zahlung widerrufen und erhalte den gesamten Betrag zurück.',
    'conditions-recurring-2026-11':
      'Ich habe die Versicherungsbedingungen und die vorvertraglichen Informationen zu {coverage} gelesen und akzeptiere sie. Ich kann innerhalb von {coolingOffDays} Tagen nach der ersten Zahlung widerrufen und erhalte den gesamten Betrag zurück. Ich ermächtige die Belastung meiner Karte mit {count} Zahlungen: {schedule}. Ich kann die künftigen Zahlungen jederzeit mit „Widerrufen“ in meinem Mitgliederbereich oder per E-Mail an {supportEmail} beenden.',
    'conditions-recurring-2026-12':
      'Ich habe die Versicherungsbedingungen und die vorvertraglichen Informationen zu {coverage} gelesen und akzeptiere sie. Ich kann innerhalb von {coolingOffDays} Tagen nach der ersten Zahlung widerrufen und erhalte den gesamten Betrag zurück. Ich ermächtige die Belastung meiner Karte mit {count} Zahlungen: {schedule}. Ich kann die künftigen Zahlungen jederzeit mit „Künftige Zahlungen beenden“ in meinem Mitgliederbereich oder per E-Mail an {supportEmail} beenden; mein Versicherungsschutz endet dann mit dem letzten bezahlten Zeitraum.',
  },
  fr: {
    'conditions-2026-11':
      'J’ai lu les conditions du contrat et les informations précontractuelles de {coverage} et je les accepte. Je peux me rétracter dans les {coolingOffDays} jours suivant le premier paiement et récupérer la totalité du montant.',
    'conditions-recurring-2026-11':
      'J’ai lu les conditions du contrat et les informations précontractuelles de {coverage} et je les accepte. Je peux me rétracter dans les {coolingOffDays} jours suivant le premier paiement et récupérer la totalité du montant. J’autorise le prélèvement de {count} paiements sur ma carte : {schedule}. Je peux arrêter les paiements futurs à tout moment avec « Se rétracter » dans mon espace membre ou en écrivant à {supportEmail}.',
    'conditions-recurring-2026-12':
      'J’ai lu les conditions du contrat et les informations précontractuelles de {coverage} et je les accepte. Je peux me rétracter dans les {coolingOffDays} jours suivant le premier paiement et récupérer la totalité du montant. J’autorise le prélèvement de {count} paiements sur ma carte : {schedule}. Je peux arrêter les paiements futurs à tout moment avec « Arrêter les paiements futurs » dans mon espace membre ou en écrivant à {supportEmail} ; ma couverture prend alors fin avec la dernière période payée.',
  },
}

/** One payment of the recurring authorisation's {schedule}, per language. */
export const CONSENT_SCHEDULE_ITEM: Record<'en' | 'de' | 'fr', string> = {
  en: '{amount} on {date}',
  de: '{amount} am {date}',
  fr: '{amount} le {date}',
}

/** The words of a version in a language (English for any other). */
export function consentWords(version: ConsentTextVersion, language: string): string {
  return language === 'de' || language === 'fr'
    ? CONSENT_TRANSLATIONS[language][version]
    : CONSENT_TEXTS[version]
}

/** Languages a consent may be recorded in (the message catalogue adds the words). */
export const CONSENT_LANGUAGES = ['en', 'de', 'fr'] as const

/** The server's refusal of a payment that nobody consented to (sandbox confirm). */
export const CONSENT_MISSING =
  'Please accept the policy conditions (and, for installments, the recurring-payment authorisation) before paying: no consent was recorded for this checkout.'

/**
 * The one name of the new coverage on every screen, PDF and email (docs/shop.md, "Coverage
 * name"): product, its alias (the new product's name) and the plan, e.g.
 * "Global Health Gold (Gold Plus 2027) – Gold". Missing parts are left out.
 */
export function coverageName(names: {
  productName?: string | null
  productAlias?: string | null
  planName?: string | null
}): string {
  const product =
    names.productName && names.productAlias
      ? `${names.productName} (${names.productAlias})`
      : names.productName || names.productAlias || ''
  return product && names.planName
    ? `${product} – ${names.planName}`
    : product || names.planName || ''
}
