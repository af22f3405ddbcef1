import router from '@adonisjs/core/services/router'
import './api_docs.js'
const StripeWebhookController = () => import('./controllers/stripe_webhook_controller.js')
const FinanceReconciliationController = () =>
  import('./controllers/finance_reconciliation_controller.js')
const FinanceMoneyController = () => import('./controllers/finance_money_controller.js')
const FinanceLedgerController = () => import('./controllers/finance_ledger_controller.js')

// CSRF is excepted for this path in config/shield.ts: Stripe signs its requests instead.
router.post('/api/webhooks/stripe', [StripeWebhookController, 'handle']).as('webhooks.stripe')

// The Finance area's reconciliation, refunds and disputes (admin area guard; plain REST for ra-data-simple-rest: Content-Range on lists).
router
  .group(() => {
    router
      .get('/reconciliation', [FinanceReconciliationController, 'index'])
      .as('admin.finance.reconciliation.index')
    router
      .get('/reconciliation-export', [FinanceReconciliationController, 'export'])
      .as('admin.finance.reconciliation.export')
    router
      .post('/reconciliation-runs', [FinanceReconciliationController, 'run'])
      .as('admin.finance.reconciliation.run')
    router
      .get('/reconciliation/:id', [FinanceReconciliationController, 'show'])
      .as('admin.finance.reconciliation.show')
    router
      .get('/ledger-export', [FinanceLedgerController, 'export'])
      .as('admin.finance.ledger.export')
    router.get('/refunds', [FinanceMoneyController, 'refunds']).as('admin.finance.refunds.index')
    router
      .get('/refunds-export', [FinanceMoneyController, 'refundsExport'])
      .as('admin.finance.refunds.export')
    router
      .get('/disputes-export', [FinanceMoneyController, 'disputesExport'])
      .as('admin.finance.disputes.export')
    router.get('/refunds/:id', [FinanceMoneyController, 'refund']).as('admin.finance.refunds.show')
    router.get('/disputes', [FinanceMoneyController, 'disputes']).as('admin.finance.disputes.index')
    router
      .get('/disputes/:id', [FinanceMoneyController, 'dispute'])
      .as('admin.finance.disputes.show')
  })
  .prefix('/api/admin/finance')

// A migration's own refunds and disputes, for its detail page (every role that reads migrations).
router
  .group(() => {
    router
      .get('/:id/refunds', [FinanceMoneyController, 'migrationRefunds'])
      .as('admin.migrations.refunds')
    router
      .get('/:id/disputes', [FinanceMoneyController, 'migrationDisputes'])
      .as('admin.migrations.disputes')
  })
  .prefix('/api/admin/migrations')
