import router from '@adonisjs/core/services/router'
import './api_docs.js'
const DocTemplatesAdminController = () => import('./controllers/doc_templates_admin_controller.js')
const ProductDocumentsAdminController = () =>
  import('./controllers/product_documents_admin_controller.js')
const AdminCreditNotesController = () => import('./controllers/admin_credit_notes_controller.js')

// Admin area (/api/admin/*): guarded by the area middleware (backend/middleware/area_guard_middleware.ts).
router
  .group(() => {
    router.get('/templates', [DocTemplatesAdminController, 'index']).as('admin.doc_templates.index')
    router
      .post('/templates', [DocTemplatesAdminController, 'store'])
      .as('admin.doc_templates.store')
    router
      .get('/product-documents', [ProductDocumentsAdminController, 'index'])
      .as('admin.product_documents.index')
    router
      .post('/product-documents', [ProductDocumentsAdminController, 'store'])
      .as('admin.product_documents.store')
    router
      .delete('/templates/:id', [DocTemplatesAdminController, 'destroy'])
      .as('admin.doc_templates.destroy')
    router
      .get('/migrations/:id/credit-notes', [AdminCreditNotesController, 'index'])
      .as('admin.migrations.credit_notes')
    router
      .get('/credit-notes/:id/pdf', [AdminCreditNotesController, 'pdf'])
      .as('admin.credit_notes.pdf')
  })
  .prefix('/api/admin')
