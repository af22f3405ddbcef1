import type { Migration } from '#modules/migrations/index'
import { STEPS, STEP_STATUS_FIELD, SUCCESSFUL_OUTCOMES } from '../steps/step_statuses.js'

/**
 * decisions.md §6: completed when payment, enrolment, documents and emails
 * all succeeded (or were skipped); completed_with_warnings when the payment
 * succeeded but a later step failed or was partial.
 */
export function overallStatus(migration: Migration): 'completed' | 'completed_with_warnings' {
  const allGood = STEPS.every((step) => SUCCESSFUL_OUTCOMES.includes(migration[STEP_STATUS_FIELD[step]]))
  return allGood ? 'completed' : 'completed_with_warnings'
}
