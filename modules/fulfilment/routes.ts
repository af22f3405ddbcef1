import router from '@adonisjs/core/services/router'
import './cancellation/api_docs.js'
const AdminFulfilmentController = () => import('./controllers/admin_fulfilment_controller.js')
const AdminOutboxController = () => import('./controllers/admin_outbox_controller.js')
const AdminCancellationController = () => import('./controllers/admin_cancellation_controller.js')

// The admin area guard (backend/middleware/area_guard_middleware.ts) protects these.
router
  .group(() => {
    router.post('/:id/retry-emails', [AdminFulfilmentController, 'retryEmails']).as('retry_emails')
    router.post('/:id/retry-api', [AdminFulfilmentController, 'retryApi']).as('retry_api')
    router
      .post('/:id/regenerate-documents', [AdminFulfilmentController, 'regenerateDocuments'])
      .as('regenerate_documents')
    router.patch('/:id/block', [AdminFulfilmentController, 'block']).as('block')
    router.get('/:id/api-logs', [AdminFulfilmentController, 'apiLogs']).as('api_logs')
    router.get('/:id/outbox', [AdminOutboxController, 'migrationOutbox']).as('outbox')
    router.get('/:id/cancellation', [AdminCancellationController, 'show']).as('cancellation')
    router.post('/:id/cancellation', [AdminCancellationController, 'store']).as('cancel')
  })
  .prefix('/api/admin/migrations')
  .as('admin.migrations')

// Email Resend and the integration outbox (docs/operations.md §2–§3); admin area.
router
  .group(() => {
    router
      .post('/email-deliveries/:id/resend', [AdminOutboxController, 'resend'])
      .as('admin.email_deliveries.resend')
    router.post('/outbox/:id/replay', [AdminOutboxController, 'replay']).as('admin.outbox.replay')
    router
      .get('/dead-letters', [AdminOutboxController, 'deadLetters'])
      .as('admin.dead_letters.index')
    router
      .get('/members/:id/invitations', [AdminOutboxController, 'memberInvitations'])
      .as('admin.members.invitations')
  })
  .prefix('/api/admin')
