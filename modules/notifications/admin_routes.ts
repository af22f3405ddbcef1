import router from '@adonisjs/core/services/router'
import './api_docs.js'
const EmailTemplatesAdminController = () =>
  import('./controllers/email_templates_admin_controller.js')
const EmailOverridesAdminController = () =>
  import('./controllers/email_overrides_admin_controller.js')

// Admin area (/api/admin/*): guarded by the area middleware.
router
  .group(() => {
    router
      .get('/email-templates/variables', [EmailTemplatesAdminController, 'variables'])
      .as('admin.email_templates.variables')
    router
      .post('/email-templates/preview', [EmailTemplatesAdminController, 'preview'])
      .as('admin.email_templates.preview')
    router
      .get('/email-templates', [EmailTemplatesAdminController, 'index'])
      .as('admin.email_templates.index')
    router
      .post('/email-templates', [EmailTemplatesAdminController, 'store'])
      .as('admin.email_templates.store')
    router
      .get('/email-templates/:id', [EmailTemplatesAdminController, 'show'])
      .as('admin.email_templates.show')
    router
      .put('/email-templates/:id', [EmailTemplatesAdminController, 'update'])
      .as('admin.email_templates.update')
    router
      .delete('/email-templates/:id', [EmailTemplatesAdminController, 'destroy'])
      .as('admin.email_templates.destroy')
    router
      .post('/email-templates/:id/activate', [EmailTemplatesAdminController, 'activate'])
      .as('admin.email_templates.activate')

    router
      .get('/email-overrides-search-members', [EmailOverridesAdminController, 'searchMembers'])
      .as('admin.email_overrides.search_members')
    router
      .get('/email-overrides', [EmailOverridesAdminController, 'index'])
      .as('admin.email_overrides.index')
    router
      .post('/email-overrides', [EmailOverridesAdminController, 'store'])
      .as('admin.email_overrides.store')
    router
      .get('/email-overrides/:id', [EmailOverridesAdminController, 'show'])
      .as('admin.email_overrides.show')
    router
      .put('/email-overrides/:id', [EmailOverridesAdminController, 'update'])
      .as('admin.email_overrides.update')
    router
      .delete('/email-overrides/:id', [EmailOverridesAdminController, 'destroy'])
      .as('admin.email_overrides.destroy')
  })
  .prefix('/api/admin')
