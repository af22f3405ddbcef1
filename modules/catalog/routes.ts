import router from '@adonisjs/core/services/router'
import './api_docs.js'
const ProductsAdminController = () => import('./controllers/products_admin_controller.js')
const CurrenciesAdminController = () => import('./controllers/currencies_admin_controller.js')

// Both areas are admin-only through the area guard (/api/admin/*, /api/currencies/admin/*).
router
  .group(() => {
    router.get('/admin/products', [ProductsAdminController, 'index']).as('admin.products.index')
    router
      .post('/admin/products/refresh', [ProductsAdminController, 'refresh'])
      .as('admin.products.refresh')
    router
      .put('/admin/products/:id', [ProductsAdminController, 'update'])
      .as('admin.products.update')

    router
      .get('/currencies/admin/all', [CurrenciesAdminController, 'index'])
      .as('admin.currencies.index')
    router
      .get('/currencies/admin/scheduler-status', [CurrenciesAdminController, 'schedulerStatus'])
      .as('admin.currencies.scheduler_status')
    router
      .post('/currencies/admin/refresh-rates', [CurrenciesAdminController, 'refreshRates'])
      .as('admin.currencies.refresh_rates')
    router
      .put('/currencies/admin/:id', [CurrenciesAdminController, 'update'])
      .as('admin.currencies.update')
  })
  .prefix('/api')
