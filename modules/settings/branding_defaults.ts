/** Kept for existing imports; the data lives in shared_data/ (the frontend bundles it). */
export { BRANDING_DEFAULTS } from '../../shared_data/branding_defaults.js'
