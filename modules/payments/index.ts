/** Payment confirmation, subscriptions and payment history: the only door other modules use. */
export { processPaymentEvent } from './webhooks/process_payment_event.js'
export { default as Subscription, SUBSCRIPTION_STATUSES } from './models/subscription.js'
export { default as Payment } from './models/payment.js'
export { paymentHistory } from './services/payment_history.js'
export { isEarlyCancellation, daysRemaining } from './services/early_cancellation.js'
export { stripeClient } from './services/stripe_client.js'
