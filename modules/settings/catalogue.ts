import type { SettingCategory, SettingType } from './models/setting.js'
import { BRANDING_DEFAULTS } from '../../shared_data/branding_defaults.js'

export { BRANDING_DEFAULTS }

export interface SettingDefinition {
  key: string
  value: string
  type: SettingType
  display_name: string
  description: string
  category: SettingCategory
  editable?: boolean
  sensitive?: boolean
  /** An environment variable named like the key wins over the stored value when set (environment_overrides.ts). */
  environment?: boolean
}

/** Every setting the product knows, with its category and default. Seeded once; values edited by admins. */
export const SETTINGS_CATALOGUE: SettingDefinition[] = [
  {
    key: 'DATE_FORMAT',
    value: 'DD.MM.YYYY',
    type: 'text',
    category: 'formatting',
    display_name: 'Date format',
    description: 'How dates are shown in the shop and back-office.',
  },
  {
    key: 'TIME_FORMAT',
    value: 'HH:mm',
    type: 'text',
    category: 'formatting',
    display_name: 'Time format',
    description: 'How times are shown (24-hour or 12-hour).',
  },
  {
    key: 'TIMEZONE',
    value: 'UTC',
    type: 'text',
    category: 'application',
    display_name: 'Time zone',
    description: 'IANA time zone that decides what "today" is for prices and schedules.',
  },
  {
    key: 'FRONTEND_URL',
    value: '',
    type: 'url',
    category: 'application',
    display_name: 'Frontend URL',
    description:
      'Public address of the portal, used to build secure login links in emails and exports. Empty: the address the server listens on (HOST and PORT).',
  },
  {
    key: 'TOKEN_EXPIRATION_DAYS',
    value: '14',
    type: 'number',
    category: 'application',
    display_name: 'Secure link validity (days)',
    description: 'Days a secure login link stays valid.',
  },
  {
    key: 'CORPORATE_EMAIL_DOMAINS',
    value: 'corp.example.com',
    type: 'text',
    category: 'email',
    display_name: 'Corporate email domains',
    description: 'Comma-separated domains for which members are asked to give a personal email.',
  },
  {
    key: 'ADMIN_NOTIFICATION_EMAIL',
    value: 'admin@example.com',
    type: 'email',
    category: 'email',
    display_name: 'Admin notification email',
    description: 'Receives a notification for every completed migration.',
  },
  {
    key: 'EMAIL_OVERRIDE_RECIPIENT',
    value: '',
    type: 'email',
    category: 'email',
    display_name: 'Global email override recipient',
    description:
      'When set, every member email goes here unless a member-specific override exists (for testing).',
    environment: true,
  },
  {
    key: 'INVITATION_REMINDER_DAYS',
    value: '7',
    type: 'number',
    category: 'email',
    display_name: 'Invitation reminder after (days)',
    description:
      'Days after the invitation (or the last reminder) without a migration before a reminder with a fresh secure link is sent; 0 turns reminders off.',
  },
  {
    key: 'INVITATION_MAX_REMINDERS',
    value: '2',
    type: 'number',
    category: 'email',
    display_name: 'Reminders per member',
    description: 'Most invitation reminders one member receives.',
  },
  {
    key: 'LINK_EXPIRY_REMINDER_DAYS',
    value: '2',
    type: 'number',
    category: 'email',
    display_name: 'Link expiry reminder (days before)',
    description:
      'Days before a secure link expires that the member gets a reminder with a fresh link; 0 turns it off.',
  },
  {
    key: 'COOLING_OFF_DAYS',
    value: '14',
    type: 'number',
    category: 'payment',
    display_name: 'Cooling-off period (days)',
    description:
      "Days after the first payment during which a cancellation or the member's withdrawal refunds the whole amount; afterwards the unused part is refunded.",
  },
  {
    key: 'DUNNING_REMINDER_DAYS',
    value: '3,7',
    type: 'text',
    category: 'payment',
    display_name: 'Payment reminders after (days)',
    description:
      'Comma-separated days after a failed installment on which the member is reminded while it stays unpaid, each once; 0 turns reminders off.',
  },
  {
    key: 'RENEWAL_INVITATION_DAYS',
    value: '30',
    type: 'number',
    category: 'payment',
    display_name: 'Renewal invitation (days before the end)',
    description:
      "Days before a coverage's end date on which the member is invited to renew (email and member area); without a paid renewal the coverage ends on its end date.",
  },
  {
    key: 'EMAIL_FROM_NAME',
    value: 'Member Portal',
    type: 'text',
    category: 'email',
    display_name: 'Sender name',
    description: 'Name shown as the sender of emails.',
  },
  {
    key: 'BASE_CURRENCY',
    value: 'USD',
    type: 'text',
    category: 'payment',
    display_name: 'Base currency',
    description: 'Currency of premiums, documents and revenue figures.',
    editable: false,
  },
  {
    key: 'EXCHANGE_RATES_API_KEY',
    value: '',
    type: 'password',
    category: 'payment',
    display_name: 'Exchange rates API key',
    description: 'Optional key sent to the exchange-rate provider.',
    sensitive: true,
  },
  {
    key: 'BRAND_NAME',
    value: BRANDING_DEFAULTS.brandName,
    type: 'text',
    category: 'branding',
    display_name: 'Brand name',
    description: 'Name shown in the header of every screen and email.',
  },
  {
    key: 'BRAND_NAME_DE',
    value: '',
    type: 'text',
    category: 'branding',
    display_name: 'Brand name (German)',
    description:
      'Brand name on German pages, emails and PDFs; empty: the brand name, or "Mitgliederportal" while it is the default.',
  },
  {
    key: 'BRAND_NAME_FR',
    value: '',
    type: 'text',
    category: 'branding',
    display_name: 'Brand name (French)',
    description:
      'Brand name on French pages, emails and PDFs; empty: the brand name, or "Portail des membres" while it is the default.',
  },
  {
    key: 'BRAND_LOGO_URL',
    value: '',
    type: 'url',
    category: 'branding',
    display_name: 'Logo URL',
    description: 'Address of the logo image.',
  },
  {
    key: 'BRAND_PRIMARY_COLOR',
    value: BRANDING_DEFAULTS.primaryColor,
    type: 'color',
    category: 'branding',
    display_name: 'Primary colour',
    description: 'Buttons, headers and links.',
  },
  {
    key: 'BRAND_SECONDARY_COLOR',
    value: BRANDING_DEFAULTS.secondaryColor,
    type: 'color',
    category: 'branding',
    display_name: 'Secondary colour',
    description: 'Secondary actions and highlights.',
  },
  {
    key: 'BRAND_ACCENT_COLOR',
    value: BRANDING_DEFAULTS.accentColor,
    type: 'color',
    category: 'branding',
    display_name: 'Accent colour',
    description: 'Accents and badges.',
  },
  {
    key: 'BRAND_SUCCESS_COLOR',
    value: BRANDING_DEFAULTS.successColor,
    type: 'color',
    category: 'branding',
    display_name: 'Success colour',
    description: 'Success messages.',
  },
  {
    key: 'BRAND_ERROR_COLOR',
    value: BRANDING_DEFAULTS.errorColor,
    type: 'color',
    category: 'branding',
    display_name: 'Error colour',
    description: 'Error messages.',
  },
  {
    key: 'BRAND_WARNING_COLOR',
    value: BRANDING_DEFAULTS.warningColor,
    type: 'color',
    category: 'branding',
    display_name: 'Warning colour',
    description: 'Warnings.',
  },
  {
    key: 'BRAND_TAGLINE',
    value: BRANDING_DEFAULTS.tagline,
    type: 'text',
    category: 'branding',
    display_name: 'Tagline',
    description: 'Shown under the brand name.',
  },
  {
    key: 'BRAND_TAGLINE_DE',
    value: '',
    type: 'text',
    category: 'branding',
    display_name: 'Tagline (German)',
    description:
      'Tagline in German; empty: the tagline, or its German default while it is the default.',
  },
  {
    key: 'BRAND_TAGLINE_FR',
    value: '',
    type: 'text',
    category: 'branding',
    display_name: 'Tagline (French)',
    description:
      'Tagline in French; empty: the tagline, or its French default while it is the default.',
  },
  {
    key: 'BRAND_SUPPORT_EMAIL',
    value: BRANDING_DEFAULTS.supportEmail,
    type: 'email',
    category: 'branding',
    display_name: 'Support email',
    description: 'Contact address shown to members.',
  },
  {
    key: 'BRAND_WEBSITE_URL',
    value: BRANDING_DEFAULTS.websiteUrl,
    type: 'url',
    category: 'branding',
    display_name: 'Website',
    description: 'Public website shown to members.',
  },
]
