/**
 * Dunning of failed installments: the cases and their stages, the notices and reminders, the
 * coverage's lapse when nothing is paid, the Finance area's list; and the insurer cancellation
 * hook the lapse (and fulfilment's cancellation and renewal) ask through. The only door other modules use.
 */
export { dunningStagesOf } from './dunning_stages.js'
export { dunningReminders } from './dunning_reminders.js'
export { dunningRemindersTask } from './dunning_scheduler.js'
export { dunningFailureJob } from './dunning_job.js'
export { coverageLapseJob, handleCoverageLapse } from './coverage_lapse_job.js'
export {
  insurerCancellation,
  type CancellationCause,
  type InsurerNotice,
} from './insurer_cancellation.js'
