import { insurerCancellation } from '#modules/dunning/index'
import { queueInsurerCancellation } from './insurer_cancellation_call.js'

/** At boot (backend/start/insurer_cancellation.ts): the lapse and the coverage cancellation tell the insurer through the outbox. */
export function registerInsurerCancellationCall() {
  insurerCancellation.use(queueInsurerCancellation)
}
