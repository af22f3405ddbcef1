/** Migrations (orders), their members and installments: the only door other modules use. */
export {
  default as Migration,
  MIGRATION_STATUSES,
  type MigrationStatus,
} from './models/migration.js'
export { default as MigrationMember } from './models/migration_member.js'
export { default as Installment } from './models/installment.js'
export { migrationStatusOf } from './services/migration_blocking.js'
export { lockMigration } from './services/migration_lock.js'
export { quoteFor } from './services/quote_service.js'
export { createMigration } from './services/create_migration.js'
export { confirmSandboxPayment } from './services/sandbox_confirmation.js'
export { ownMigration } from './services/own_migration.js'
export { pricingProductOf, productOf, pricingToday } from './services/pricing_inputs.js'
export { principalSnapshot } from './services/principal_snapshot.js'
export { currentCheckoutId, resumeCheckout } from './services/resume_checkout.js'
export { recordConsent, consentsOf, type ConsentRecord } from './services/consent.js'
export { consentTermsFor, migrationCoverageName } from './services/consent_terms.js'
export { default as MigrationConsent } from './models/migration_consent.js'
export { storedPricing } from './services/stored_pricing.js'
export { registerMigrationOutcomes } from './state/outcome_handlers.js'
export { TRANSITIONS } from './state/transitions.js'
export { enrolmentKeyOf, markMemberEnrolled } from './services/member_enrolment.js'
export { migrationIdsOf, migrationDataOf, eraseMigrations } from './services/migration_privacy.js'
export {
  renewalOffer,
  renewalQuote,
  renewalInvitationDays,
  termsEndingBy,
  termsToInvite,
} from './services/renewal.js'
export { searchMigrations, MigrationSearchHit } from './services/migration_search.js'
