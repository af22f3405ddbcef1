import router from '@adonisjs/core/services/router'
import './api_docs.js'
const MemberAuthController = () => import('./controllers/member_auth_controller.js')
const AdminAuthController = () => import('./controllers/admin_auth_controller.js')
const SecondFactorController = () => import('./controllers/second_factor_controller.js')
const AdminSecurityController = () => import('./controllers/admin_security_controller.js')

router
  .group(() => {
    router.post('/auth/login', [MemberAuthController, 'login']).as('auth.login')
    router
      .post('/auth/validate-token', [MemberAuthController, 'validateToken'])
      .as('auth.validate_token')
    router.get('/auth/session', [MemberAuthController, 'session']).as('auth.session')
    router.post('/auth/logout', [MemberAuthController, 'logout']).as('auth.logout')
    router.post('/admin/login', [AdminAuthController, 'login']).as('admin.login')
    router.post('/admin/logout', [AdminAuthController, 'logout']).as('admin.logout')
    router.get('/admin/me', [AdminAuthController, 'me']).as('admin.me')
    // The second sign-in step (public: the password step's session says who).
    router
      .post('/admin/login/code', [SecondFactorController, 'signInWithCode'])
      .as('admin.login.code')
    router
      .post('/admin/login/passkey/options', [SecondFactorController, 'signInPasskeyOptions'])
      .as('admin.login.passkey_options')
    router
      .post('/admin/login/passkey', [SecondFactorController, 'signInWithPasskey'])
      .as('admin.login.passkey')
    // Enrolment (signed in; allowed while REQUIRE_ADMIN_2FA holds the session to it).
    router
      .get('/admin/two-factor', [SecondFactorController, 'status'])
      .as('admin.two_factor.status')
    router
      .post('/admin/two-factor/totp', [SecondFactorController, 'startTotp'])
      .as('admin.two_factor.totp_start')
    router
      .post('/admin/two-factor/totp/confirm', [SecondFactorController, 'confirmTotp'])
      .as('admin.two_factor.totp_confirm')
    router
      .post('/admin/two-factor/passkeys/options', [SecondFactorController, 'passkeyOptions'])
      .as('admin.two_factor.passkey_options')
    router
      .post('/admin/two-factor/passkeys', [SecondFactorController, 'registerPasskey'])
      .as('admin.two_factor.passkey_register')
    router
      .post('/admin/admin-users/:id/reset-two-factor', [SecondFactorController, 'reset'])
      .as('admin.admin_users.reset_two_factor')
    router.get('/admin/security', [AdminSecurityController, 'show']).as('admin.security.show')
    router
      .delete('/admin/security/sessions/:id', [AdminSecurityController, 'signOutDevice'])
      .as('admin.security.sign_out_device')
    router
      .post('/admin/security/sign-out-everywhere', [AdminSecurityController, 'signOutEverywhere'])
      .as('admin.security.sign_out_everywhere')
    router
      .post('/member/sign-out-everywhere', [MemberAuthController, 'logoutEverywhere'])
      .as('auth.logout_everywhere')
  })
  .prefix('/api')
