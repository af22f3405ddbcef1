import router from '@adonisjs/core/services/router'
import './api_docs.js'
const MemberAuthController = () => import('./controllers/member_auth_controller.js')
const AdminAuthController = () => import('./controllers/admin_auth_controller.js')
const AdminSecurityController = () => import('./controllers/admin_security_controller.js')

router
  .group(() => {
    router.post('/auth/login', [MemberAuthController, 'login']).as('auth.login')
    router.post('/auth/validate-token', [MemberAuthController, 'validateToken']).as('auth.validate_token')
    router.get('/auth/session', [MemberAuthController, 'session']).as('auth.session')
    router.post('/auth/logout', [MemberAuthController, 'logout']).as('auth.logout')
    router.post('/admin/login', [AdminAuthController, 'login']).as('admin.login')
    router.post('/admin/logout', [AdminAuthController, 'logout']).as('admin.logout')
    router.get('/admin/me', [AdminAuthController, 'me']).as('admin.me')
    router.get('/admin/security', [AdminSecurityController, 'show']).as('admin.security.show')
    router.delete('/admin/security/sessions/:id', [AdminSecurityController, 'signOutDevice']).as('admin.security.sign_out_device')
    router.post('/admin/security/sign-out-everywhere', [AdminSecurityController, 'signOutEverywhere']).as('admin.security.sign_out_everywhere')
    router.post('/member/sign-out-everywhere', [MemberAuthController, 'logoutEverywhere']).as('auth.logout_everywhere')
  })
  .prefix('/api')
