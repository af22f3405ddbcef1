/**
 * Job type names: the contract between the module that queues a job and
 * the one that handles it (payments queues, fulfilment handles).
 */
export const JOB_TYPES = {
  /** payload { migrationId, step }: runs one fulfilment step, then queues the next. */
  fulfilmentStep: 'fulfilment.step',
  /** payload { migrationId }: sends the cancellation alert of an early-cancelled subscription. */
  cancellationAlert: 'fulfilment.cancellation_alert',
} as const
