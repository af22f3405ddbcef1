/** Administrator accounts: the only door other modules use. */
export { default as AdminUser } from './models/admin_user.js'
export { adminAccountsService } from './services/admin_accounts_service.js'
export { createAdminValidator } from './validators.js'
export { ROUTE_ABILITIES, authorizeAdminRoute } from './route_abilities.js'
export { abilitiesOf, adminCan, deniedMessage } from './roles.js'
export { ADMIN_ROLES, type AdminRole } from './validators.js'
export { advanceAdminSessionVersion } from './services/admin_session_version.js'
