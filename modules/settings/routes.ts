import router from '@adonisjs/core/services/router'
import './api_docs.js'
const BrandingController = () => import('./controllers/branding_controller.js')
const BrandingAdminController = () => import('./controllers/branding_admin_controller.js')
const SettingsAdminController = () => import('./controllers/settings_admin_controller.js')

router
  .group(() => {
    router.get('/branding', [BrandingController, 'show']).as('branding.show')
    router.get('/branding/colors', [BrandingController, 'colors']).as('branding.colors')
    router.get('/settings/formatting', [BrandingController, 'formatting']).as('settings.formatting')
    // Public path, admin writes: the area guard (backend/middleware/area_guard_middleware.ts) checks the admin session.
    router.put('/branding', [BrandingAdminController, 'update']).as('branding.update')
    router
      .post('/branding/clear-cache', [BrandingAdminController, 'clearCache'])
      .as('branding.clear_cache')

    // Admin area (/api/admin/*): guarded by the area middleware.
    router.get('/admin/settings', [SettingsAdminController, 'index']).as('admin.settings.index')
    router
      .get('/admin/settings/options/date-formats', [SettingsAdminController, 'dateFormats'])
      .as('admin.settings.date_formats')
    router
      .get('/admin/settings/options/time-formats', [SettingsAdminController, 'timeFormats'])
      .as('admin.settings.time_formats')
    router
      .post('/admin/settings/bulk-update', [SettingsAdminController, 'bulkUpdate'])
      .as('admin.settings.bulk_update')
    router
      .post('/admin/settings/clear-cache', [SettingsAdminController, 'clearCache'])
      .as('admin.settings.clear_cache')
    router.get('/admin/settings/:key', [SettingsAdminController, 'show']).as('admin.settings.show')
    router
      .put('/admin/settings/:key', [SettingsAdminController, 'update'])
      .as('admin.settings.update')
  })
  .prefix('/api')
