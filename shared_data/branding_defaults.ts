/**
 * Branding defaults (member-shop.md §3), used whenever a BRAND_* setting is
 * empty. Pure data in shared_data/ (the frontend may not import server code): the
 * frontend imports this file too, for when branding cannot be loaded.
 */
export const BRANDING_DEFAULTS = {
  brandName: 'Member Portal',
  logoUrl: '',
  primaryColor: '#4f46e5',
  secondaryColor: '#16a34a',
  accentColor: '#f59e0b',
  successColor: '#16a34a',
  errorColor: '#dc2626',
  warningColor: '#f59e0b',
  tagline: 'Your trusted insurance partner',
  supportEmail: 'support@example.com',
  websiteUrl: 'https://www.example.com',
}
