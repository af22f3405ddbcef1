/**
 * The insurer's cancellation call, as the lapse and the coverage cancellation (the
 * administrator's Cancel coverage, the member's Withdraw) ask for it. The call itself
 * (modules/fulfilment/services/insurer_cancellation_call.ts: per enrolled member, through the outbox with retries,
 * dead letter and Idempotency-Key like enrolment) registers here at boot
 * (registerInsurerCancellationCall, backend/start/insurer_cancellation.ts). Unregistered, a
 * cancellation records that the insurer was NOT told and the admin alert says so. A registered
 * call must be idempotent per migration and cause: the jobs asking for it may run again.
 */
/** `expired`: the term reached its end date without a paid renewal (modules/fulfilment/renewal/term_end_job.ts). */
export type CancellationCause = 'lapsed' | 'cancelled' | 'withdrawn' | 'expired'

export type InsurerNotice =
  | { status: 'queued'; detail: string }
  | { status: 'skipped'; detail: string }

export type InsurerCancellationCall = (
  migrationId: number,
  cause: CancellationCause
) => Promise<InsurerNotice>

let registeredCall: InsurerCancellationCall | null = null

export const insurerCancellation = {
  /** Registered at boot by the module that owns the cancellation call; answers the call it replaces (a test puts it back). */
  use(call: InsurerCancellationCall | null) {
    const previous = registeredCall
    registeredCall = call
    return previous
  },

  async notify(migrationId: number, cause: CancellationCause): Promise<InsurerNotice> {
    if (!registeredCall)
      return {
        status: 'skipped',
        detail:
          'The insurer was not told automatically (no insurer cancellation call is set up): please inform the insurer.',
      }
    return registeredCall(migrationId, cause)
  },
}
