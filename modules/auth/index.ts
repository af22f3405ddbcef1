/** Sign-in for members and administrators, and secure-link tokens. */
export { default as MigrationToken } from './models/migration_token.js'
export {
  migrationTokenService,
  hashToken,
  tokenExpirationDays,
  ISSUE_BATCH,
} from './services/migration_token_service.js'
export { prepareLoginThrottle } from './services/login_throttle.js'
export { sweepExpiredSessions, sessionSweeperTask } from './services/session_sweeper.js'
export { requireSession, type GuardName } from './services/session_guards.js'
export { requireSecondFactor } from './services/second_factor/session_step.js'
export { setAdminSecondFactorRequired } from './services/second_factor/policy.js'
export {
  issueEnrolmentLink,
  ENROLMENT_LINK_HOURS,
} from './services/second_factor/enrolment_links.js'
export { withdrawIssuedToken } from './services/token_withdrawal.js'
export { memberSignInsOf, endFamilySessions } from './services/member_sign_in_data.js'
