/** Migrations (orders), their members and installments: the only door other modules use. */
export { default as Migration, MIGRATION_STATUSES, type MigrationStatus } from './models/migration.js'
export { default as MigrationMember } from './models/migration_member.js'
export { default as Installment } from './models/installment.js'
export { migrationStatusOf, type MigrationStatusAnswer } from './services/migration_blocking.js'
export { quoteFor } from './services/quote_service.js'
export { createMigration, type CreatedMigration } from './services/create_migration.js'
export { confirmSandboxPayment } from './services/sandbox_confirmation.js'
export { pricingProductOf, productOf, pricingToday } from './services/pricing_inputs.js'
