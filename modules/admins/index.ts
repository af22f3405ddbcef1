/** Administrator accounts: the only door other modules use. */
export { default as AdminUser } from './models/admin_user.js'
