/** Settings and branding: the only door other modules use. */
export { default as Setting } from './models/setting.js'
export { settingsService } from './services/settings_service.js'
export { getBranding, type Branding } from './services/branding_service.js'
export { SETTINGS_CATALOGUE, BRANDING_DEFAULTS } from './catalogue.js'
export { encryptClearSecrets } from './services/setting_encryption.js'
export { frontendUrl, listeningAddress, recordListeningAddress } from './services/frontend_url.js'
