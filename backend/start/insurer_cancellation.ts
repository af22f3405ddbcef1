/*
| The fulfilment module (owner of the integration outbox) registers the insurer cancellation call
| that the lapse and the coverage cancellation ask for (modules/fulfilment/services/insurer_cancellation.ts).
*/
import { registerInsurerCancellationCall } from '#modules/fulfilment/index'

registerInsurerCancellationCall()
