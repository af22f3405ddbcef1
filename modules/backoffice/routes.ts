import router from '@adonisjs/core/services/router'
import './api_docs.js'
const DashboardController = () => import('./controllers/dashboard_controller.js')
const MigrationsController = () => import('./controllers/migrations_controller.js')
const SubscriptionsController = () => import('./controllers/subscriptions_controller.js')
const UnmigratedUsersController = () => import('./controllers/unmigrated_users_controller.js')
const MemberErasureController = () => import('./controllers/member_erasure_controller.js')
const AdminNotesController = () => import('./controllers/admin_notes_controller.js')
const SearchController = () => import('./controllers/search_controller.js')

/** Read-side back-office calls (admin-backoffice.md §7); the area guard requires an admin session. */
router
  .group(() => {
    router.get('/dashboard-stats', [DashboardController, 'stats']).as('dashboard.stats')
    router.get('/dashboard-charts', [DashboardController, 'charts']).as('dashboard.charts')

    router.get('/migrations', [MigrationsController, 'index']).as('migrations.index')
    router.get('/migrations-export', [MigrationsController, 'export']).as('migrations.export')
    router.get('/migrations/:id', [MigrationsController, 'show']).as('migrations.show')

    router.get('/subscriptions', [SubscriptionsController, 'index']).as('subscriptions.index')
    router.get('/subscriptions/stats', [SubscriptionsController, 'stats']).as('subscriptions.stats')
    router
      .get('/subscriptions-export', [SubscriptionsController, 'export'])
      .as('subscriptions.export')
    router
      .get('/subscriptions/early-cancellations', [SubscriptionsController, 'earlyCancellations'])
      .as('subscriptions.early_cancellations')
    router
      .get('/subscriptions/problematic', [SubscriptionsController, 'problematic'])
      .as('subscriptions.problematic')
    router
      .get('/subscriptions/:id/payments', [SubscriptionsController, 'payments'])
      .as('subscriptions.payments')
    router
      .post('/subscriptions/:id/mark-reviewed', [SubscriptionsController, 'markReviewed'])
      .as('subscriptions.mark_reviewed')

    router
      .get('/unmigrated-users', [UnmigratedUsersController, 'index'])
      .as('unmigrated_users.index')
    router
      .get('/token-config', [UnmigratedUsersController, 'tokenConfig'])
      .as('unmigrated_users.token_config')
    router
      .post('/generate-migration-token', [UnmigratedUsersController, 'generateToken'])
      .as('unmigrated_users.generate_token')
    router
      .post('/generate-bulk-migration-tokens', [UnmigratedUsersController, 'generateBulkTokens'])
      .as('unmigrated_users.generate_bulk_tokens')
    router
      .post('/send-migration-invitations', [UnmigratedUsersController, 'sendInvitations'])
      .as('unmigrated_users.send_invitations')

    router.post('/members/:id/erasure', [MemberErasureController, 'store']).as('members.erasure')

    router.get('/search', [SearchController, 'index']).as('search')

    router.get('/notes', [AdminNotesController, 'index']).as('notes.index')
    router.post('/notes', [AdminNotesController, 'store']).as('notes.store')
    router.put('/notes/:id', [AdminNotesController, 'update']).as('notes.update')
    router.delete('/notes/:id', [AdminNotesController, 'destroy']).as('notes.destroy')
  })
  .prefix('/api/admin')
  .as('backoffice')
