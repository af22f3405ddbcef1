import router from '@adonisjs/core/services/router'
const BrandingController = () => import('./controllers/branding_controller.js')

router
  .group(() => {
    router.get('/branding', [BrandingController, 'show']).as('branding.show')
    router.get('/branding/colors', [BrandingController, 'colors']).as('branding.colors')
    router.get('/settings/formatting', [BrandingController, 'formatting']).as('settings.formatting')
  })
  .prefix('/api')
