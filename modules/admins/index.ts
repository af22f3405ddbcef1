/** Administrator accounts: the only door other modules use. */
export { default as AdminUser } from './models/admin_user.js'
export { adminAccountsService, ADMINS_PAGE_SIZE } from './services/admin_accounts_service.js'
export { createAdminValidator } from './validators.js'
