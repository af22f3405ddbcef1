/** The three fulfilment steps in the order they run, and the migration column each one drives. */
export const STEPS = ['enrolment', 'documents', 'emails'] as const
export type StepName = (typeof STEPS)[number]

export const STEP_STATUS_FIELD = {
  enrolment: 'api_status',
  documents: 'document_status',
  emails: 'email_status',
} as const satisfies Record<StepName, string>

/** Outcomes that count as success for the overall status (decisions.md §6: succeeded or skipped). */
export const SUCCESSFUL_OUTCOMES = ['succeeded', 'generated', 'sent', 'completed', 'skipped']

/** A step in one of these states is finished and is not run again automatically. */
export const FINISHED_OUTCOMES = [...SUCCESSFUL_OUTCOMES, 'failed', 'partial', 'completed_with_warnings', 'unknown']

/** all / some / none of the attempts succeeded: the step's outcome word for success, partial or failed. */
export function outcomeOf(succeeded: number, attempted: number, successWord: string) {
  if (attempted === 0 || succeeded === attempted) return successWord
  return succeeded === 0 ? 'failed' : 'partial'
}
