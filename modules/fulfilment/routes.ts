import router from '@adonisjs/core/services/router'
const AdminFulfilmentController = () => import('./controllers/admin_fulfilment_controller.js')

// The admin area guard (backend/middleware/area_guard_middleware.ts) protects these.
router
  .group(() => {
    router.post('/:id/retry-emails', [AdminFulfilmentController, 'retryEmails']).as('retry_emails')
    router.post('/:id/retry-api', [AdminFulfilmentController, 'retryApi']).as('retry_api')
    router.post('/:id/regenerate-documents', [AdminFulfilmentController, 'regenerateDocuments']).as('regenerate_documents')
    router.patch('/:id/block', [AdminFulfilmentController, 'block']).as('block')
    router.get('/:id/api-logs', [AdminFulfilmentController, 'apiLogs']).as('api_logs')
  })
  .prefix('/api/admin/migrations')
  .as('admin.migrations')
