/** Card payments: providers (sandbox, Stripe) and the webhook event processor. The only door other modules use. */
export { activePaymentProvider, activeProviderName, paymentsConfig, assertSandboxAllowed } from './providers/active_provider.js'
export { sandboxPaymentEvent, type SandboxPayment } from './providers/sandbox_events.js'
export type { PaymentOrder, PaymentStart, PaymentProvider, PaymentType, ProviderName } from './providers/payment_provider.js'
export { processPaymentEvent } from './webhooks/process_payment_event.js'
