import router from '@adonisjs/core/services/router'
import './api_docs.js'
import './saved_views/saved_view_docs.js'
const AdminUsersController = () => import('./controllers/admin_users_controller.js')
const SavedViewsController = () => import('./saved_views/saved_views_controller.js')

router
  .group(() => {
    router.get('/admin-users', [AdminUsersController, 'index']).as('admin.admin_users.index')
    router.post('/admin-users', [AdminUsersController, 'store']).as('admin.admin_users.store')
    router.put('/admin-users/:id', [AdminUsersController, 'update']).as('admin.admin_users.update')
    router
      .post('/admin-users/:id/change-password', [AdminUsersController, 'changePassword'])
      .as('admin.admin_users.change_password')
    router
      .delete('/admin-users/:id', [AdminUsersController, 'destroy'])
      .as('admin.admin_users.destroy')

    // Each administrator's own saved list views (docs/backoffice.md, "Saved views").
    router.get('/saved-views', [SavedViewsController, 'index']).as('admin.saved_views.index')
    router.post('/saved-views', [SavedViewsController, 'store']).as('admin.saved_views.store')
    router
      .delete('/saved-views/:id', [SavedViewsController, 'destroy'])
      .as('admin.saved_views.destroy')
  })
  .prefix('/api/admin')
