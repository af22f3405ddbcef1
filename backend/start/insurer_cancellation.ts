/*
| The fulfilment module (owner of the integration outbox) registers the insurer cancellation call
| that the lapse and the coverage cancellation ask for through dunning's hook
| (modules/dunning/insurer_cancellation.ts).
*/
import { registerInsurerCancellationCall } from '#modules/fulfilment/index'

registerInsurerCancellationCall()
