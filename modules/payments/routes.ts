import router from '@adonisjs/core/services/router'
import './api_docs.js'
const StripeWebhookController = () => import('./controllers/stripe_webhook_controller.js')

// CSRF is excepted for this path in config/shield.ts: Stripe signs its requests instead.
router.post('/api/webhooks/stripe', [StripeWebhookController, 'handle']).as('webhooks.stripe')
