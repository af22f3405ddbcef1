import router from '@adonisjs/core/services/router'
import './api_docs.js'

const ConsentsController = () => import('./controllers/consents_controller.js')
const FrozenQuoteController = () => import('./controllers/frozen_quote_controller.js')

/** Back-office reads of a migration's pricing; the area guard requires an admin session. */
router
  .get('/api/admin/migrations/:id/frozen-quote', [FrozenQuoteController, 'show'])
  .as('migrations.frozen_quote')
router
  .get('/api/admin/migrations/:id/consents', [ConsentsController, 'index'])
  .as('migrations.consents')
