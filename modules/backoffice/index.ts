/** Back-office read side (dashboard, migrations, subscriptions, unmigrated users) and invitations: the only door other modules use. */
export { dashboardService } from './services/dashboard_service.js'
export { dashboardCharts, dayBoundaries, CHART_DAYS } from './services/dashboard_charts.js'
export { migrationAdminService } from './services/migration_admin_service.js'
export { subscriptionAdminService } from './services/subscription_admin_service.js'
export {
  unmigratedUsersService,
  UNMIGRATED_LIST_LIMIT,
  type IssuedLink,
} from './services/unmigrated_users_service.js'
export {
  migrationInvitationService,
  type InvitationResult,
} from './services/migration_invitation_service.js'
export {
  invitationReminders,
  dueReminders,
  type ReminderRun,
  type ReminderReason,
} from './services/invitation_reminders.js'
export {
  invitationRemindersTask,
  ReminderScheduler,
  REMINDER_TASK_ACTOR,
} from './services/reminder_scheduler.js'
