import router from '@adonisjs/core/services/router'
import './api_docs.js'
const ApiConfigsAdminController = () => import('./controllers/api_configs_admin_controller.js')

// Admin area (/api/admin/*): guarded by the area middleware.
router
  .group(() => {
    router.get('/api-configs', [ApiConfigsAdminController, 'index']).as('admin.api_configs.index')
    router.post('/api-configs', [ApiConfigsAdminController, 'store']).as('admin.api_configs.store')
    router
      .put('/api-configs/:id', [ApiConfigsAdminController, 'update'])
      .as('admin.api_configs.update')
    router
      .delete('/api-configs/:id', [ApiConfigsAdminController, 'destroy'])
      .as('admin.api_configs.destroy')
  })
  .prefix('/api/admin')
