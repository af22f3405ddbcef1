import router from '@adonisjs/core/services/router'
import './api_docs.js'
const DocTemplatesAdminController = () => import('./controllers/doc_templates_admin_controller.js')
const ProductDocumentsAdminController = () =>
  import('./controllers/product_documents_admin_controller.js')
const ApiConfigsAdminController = () => import('./controllers/api_configs_admin_controller.js')
const FinanceDunningController = () => import('./controllers/finance_dunning_controller.js')

// Admin area (/api/admin/*): guarded by the area middleware.
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

    router.get('/api-configs', [ApiConfigsAdminController, 'index']).as('admin.api_configs.index')
    router.post('/api-configs', [ApiConfigsAdminController, 'store']).as('admin.api_configs.store')
    router
      .put('/api-configs/:id', [ApiConfigsAdminController, 'update'])
      .as('admin.api_configs.update')
    router
      .delete('/api-configs/:id', [ApiConfigsAdminController, 'destroy'])
      .as('admin.api_configs.destroy')

    // The Finance area (plain REST for ra-data-simple-rest: Content-Range on lists).
    router
      .get('/finance/dunning', [FinanceDunningController, 'index'])
      .as('admin.finance.dunning.index')
    router
      .get('/finance/dunning-export', [FinanceDunningController, 'export'])
      .as('admin.finance.dunning.export')
    router
      .get('/finance/dunning/:id', [FinanceDunningController, 'show'])
      .as('admin.finance.dunning.show')
  })
  .prefix('/api/admin')
