/*
| The migrations module registers the handlers through which payments and fulfilment report
| what happened to a migration (modules/shared/migration_outcomes.ts): it alone writes the table.
*/
import { registerMigrationOutcomes } from '#modules/migrations/index'

registerMigrationOutcomes()
