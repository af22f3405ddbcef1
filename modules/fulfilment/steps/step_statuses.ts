import { SUCCESSFUL_OUTCOMES } from '#modules/shared/index'

/** The three fulfilment steps in the order they run, and the migration column each one drives: part of the outcome contract. */
export {
  FULFILMENT_STEPS as STEPS,
  STEP_STATUS_FIELD,
  SUCCESSFUL_OUTCOMES,
  type StepName,
} from '#modules/shared/index'

/** A step in one of these states is finished and is not run again automatically. */
export const FINISHED_OUTCOMES = [
  ...SUCCESSFUL_OUTCOMES,
  'failed',
  'partial',
  'completed_with_warnings',
  'unknown',
]

/** all / some / none of the attempts succeeded: the step's outcome word for success, partial or failed. */
export function outcomeOf(succeeded: number, attempted: number, successWord: string) {
  if (attempted === 0 || succeeded === attempted) return successWord
  return succeeded === 0 ? 'failed' : 'partial'
}
