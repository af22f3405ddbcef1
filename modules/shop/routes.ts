import router from '@adonisjs/core/services/router'
import './api_docs.js'
import './withdrawal_docs.js'
import './stop_payments_docs.js'
import './renewal_docs.js'
import { assertSandboxAllowed } from '#modules/payments/index'

const MemberController = () => import('./controllers/member_controller.js')
const MigrationController = () => import('./controllers/migration_controller.js')
const MemberAreaController = () => import('./controllers/member_area_controller.js')
const CatalogueController = () => import('./controllers/catalogue_controller.js')
const CoverageController = () => import('./controllers/coverage_controller.js')
const WithdrawalController = () => import('./controllers/withdrawal_controller.js')
const StopPaymentsController = () => import('./controllers/stop_payments_controller.js')
const MemberDataController = () => import('./controllers/member_data_controller.js')
const RenewalController = () => import('./controllers/renewal_controller.js')

// Production refuses to start on the sandbox payment provider unless explicitly allowed.
assertSandboxAllowed()

// /api/member/* and /api/migration/* need a member session (area guard middleware).
router
  .group(() => {
    router.get('/member/details', [MemberController, 'details']).as('member.details')
    router.post('/member/update-email', [MemberController, 'updateEmail']).as('member.update_email')
    router.put('/member/language', [MemberController, 'language']).as('member.language')
    router
      .get('/member/migration-status', [MemberController, 'migrationStatus'])
      .as('member.migration_status')
    router
      .get('/member/payment-frequencies', [MemberController, 'paymentFrequencies'])
      .as('member.payment_frequencies')
    router.get('/member/area', [MemberAreaController, 'show']).as('member.area')
    router
      .post('/member/card/setup', [MemberAreaController, 'startCardUpdate'])
      .as('member.card_setup')
    router.post('/member/card', [MemberAreaController, 'finishCardUpdate']).as('member.card_update')
    router.post('/member/pay-now', [MemberAreaController, 'payNow']).as('member.pay_now')
    router.get('/member/documents/:id', [MemberAreaController, 'document']).as('member.document')
    router.get('/member/receipts/:id', [MemberAreaController, 'receipt']).as('member.receipt')
    router
      .get('/member/credit-notes/:id', [MemberAreaController, 'creditNote'])
      .as('member.credit_note')
    router.get('/member/coverage', [CoverageController, 'show']).as('member.coverage')
    router
      .get('/member/product-documents/:kind', [CoverageController, 'document'])
      .as('member.product_document')
    router.get('/member/my-data', [MemberDataController, 'json']).as('member.my_data')
    router.get('/member/my-data/pdf', [MemberDataController, 'pdf']).as('member.my_data_pdf')
    router.get('/member/renewal', [RenewalController, 'show']).as('member.renewal')
    router.get('/member/withdrawal', [WithdrawalController, 'show']).as('member.withdrawal')
    router.post('/member/withdrawal', [WithdrawalController, 'store']).as('member.withdraw')
    router.get('/member/stop-payments', [StopPaymentsController, 'show']).as('member.stop_payments')
    router
      .post('/member/stop-payments', [StopPaymentsController, 'store'])
      .as('member.stop_payments_confirm')
    router
      .post('/migration/calculate', [MigrationController, 'calculate'])
      .as('migration.calculate')
    router.post('/migration/create', [MigrationController, 'create']).as('migration.create')
    router.get('/migration/current', [MigrationController, 'current']).as('migration.current')
    router.get('/migration/:id', [MigrationController, 'show']).as('migration.show')
    router.get('/migration/:id/checkout', [MigrationController, 'resume']).as('migration.resume')
    router.post('/migration/:id/consent', [MigrationController, 'consent']).as('migration.consent')
    router
      .post('/migration/:id/sandbox-confirm', [MigrationController, 'sandboxConfirm'])
      .as('migration.sandbox_confirm')
    router
      .get('/currencies/enabled', [CatalogueController, 'enabledCurrencies'])
      .as('currencies.enabled')
    router.get('/payments/config', [CatalogueController, 'paymentsConfig']).as('payments.config')
  })
  .prefix('/api')
