/**
 * The insurer's cancellation call, as the lapse (and later the administrator's cancellation)
 * asks for it. The call itself (configured per insurer, through the outbox with retries, dead
 * letter and Idempotency-Key like enrolment) is built with the administrator's cancellation;
 * until it registers here, a lapse records that the insurer was NOT told and the admin alert says
 * so. A registered call must be idempotent per migration and cause: the lapse job may run it again
 * after a failed alert.
 */
export type CancellationCause = 'lapsed'

export type InsurerNotice = { status: 'queued'; detail: string } | { status: 'skipped'; detail: string }

export type InsurerCancellationCall = (migrationId: number, cause: CancellationCause) => Promise<InsurerNotice>

let registeredCall: InsurerCancellationCall | null = null

export const insurerCancellation = {
  /** Registered at boot by the module that owns the cancellation call. */
  use(call: InsurerCancellationCall | null) {
    registeredCall = call
  },

  async notify(migrationId: number, cause: CancellationCause): Promise<InsurerNotice> {
    if (!registeredCall) return { status: 'skipped', detail: 'The insurer was not told automatically (no insurer cancellation call is set up): please inform the insurer.' }
    return registeredCall(migrationId, cause)
  },
}
