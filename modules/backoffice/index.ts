/** Back-office read side (dashboard, migrations, subscriptions, unmigrated users) and invitations: the only door other modules use. */
export { dashboardService } from './services/dashboard_service.js'
export { unmigratedUsersService } from './services/unmigrated_users_service.js'
export { migrationInvitationService } from './services/migration_invitation_service.js'
export { invitationReminders } from './services/invitation_reminders.js'
export { invitationRemindersTask, reminderScheduler } from './services/reminder_scheduler.js'
