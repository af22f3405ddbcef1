import { Type, type Static } from '@sinclair/typebox'
import { documentRoutes, MessageAnswer, Nullable } from '#modules/api_contract/index'
import {
  brandingValidator,
  bulkSettingsValidator,
  settingKeyValidator,
  settingValueValidator,
} from './validators.js'

export const SettingsMessageAnswer = MessageAnswer
export type SettingsMessageAnswer = MessageAnswer

const Option = Type.Object(
  {
    value: Type.String(),
    label: Type.String(),
    example: Type.String(),
  },
  { $id: 'Option' }
)
type Option = Static<typeof Option>

export const AdminSettingsDateFormatsAnswer = Type.Object(
  {
    success: Type.Boolean(),
    options: Type.Array(Option),
  },
  { $id: 'AdminSettingsDateFormatsAnswer' }
)
export type AdminSettingsDateFormatsAnswer = Static<typeof AdminSettingsDateFormatsAnswer>

const Setting = Type.Object(
  {
    id: Type.Number(),
    setting_key: Type.String(),
    setting_value: Nullable(Type.String()),
    setting_type: Type.String(),
    display_name: Type.String(),
    description: Nullable(Type.String()),
    is_editable: Type.Boolean(),
    is_sensitive: Type.Boolean(),
    category: Type.String(),
    overridden_by_environment: Type.Boolean(),
  },
  { $id: 'Setting' }
)
type Setting = Static<typeof Setting>

const Branding = Type.Object(
  {
    brandName: Type.String(),
    logoUrl: Type.String(),
    primaryColor: Type.String(),
    secondaryColor: Type.String(),
    accentColor: Type.String(),
    successColor: Type.String(),
    errorColor: Type.String(),
    warningColor: Type.String(),
    tagline: Type.String(),
    supportEmail: Type.String(),
    websiteUrl: Type.String(),
  },
  { $id: 'Branding' }
)
type Branding = Static<typeof Branding>

export const AdminSettingsShowAnswer = Type.Object(
  {
    success: Type.Boolean(),
    setting: Setting,
  },
  { $id: 'AdminSettingsShowAnswer' }
)
export type AdminSettingsShowAnswer = Static<typeof AdminSettingsShowAnswer>

export const BrandingShowAnswer = Type.Object(
  {
    success: Type.Boolean(),
    branding: Branding,
  },
  { $id: 'BrandingShowAnswer' }
)
export type BrandingShowAnswer = Static<typeof BrandingShowAnswer>

export const AdminSettingsBulkUpdateAnswer = Type.Object({
  success: Type.Boolean(),
  updated: Type.Number(),
  settings: Type.Array(Setting),
})
export type AdminSettingsBulkUpdateAnswer = Static<typeof AdminSettingsBulkUpdateAnswer>

const AdminSettingsIndexAnswer = Type.Object({
  success: Type.Boolean(),
  settings: Type.Object({
    formatting: Type.Array(Setting),
    email: Type.Array(Setting),
    payment: Type.Array(Setting),
    application: Type.Array(Setting),
    branding: Type.Array(Setting),
  }),
})
export type AdminSettingsIndexAnswer = Static<typeof AdminSettingsIndexAnswer>

export const BrandingColorsAnswer = Type.Object({
  success: Type.Boolean(),
  colors: Type.Object({
    primary: Type.String(),
    secondary: Type.String(),
    accent: Type.String(),
    success: Type.String(),
    error: Type.String(),
    warning: Type.String(),
  }),
})
export type BrandingColorsAnswer = Static<typeof BrandingColorsAnswer>

export const SettingsFormattingAnswer = Type.Object({
  success: Type.Boolean(),
  settings: Type.Object({
    formatting: Type.Array(
      Type.Object({
        setting_key: Type.String(),
        setting_value: Nullable(Type.String()),
      })
    ),
  }),
})
export type SettingsFormattingAnswer = Static<typeof SettingsFormattingAnswer>

/** The contract of this module's routes: validators used by its controllers, and the JSON Schema of each success answer. */
documentRoutes({
  'admin.settings.bulk_update': {
    summary: 'Update several settings at once',
    access: 'admin',
    body: bulkSettingsValidator,
    responses: {
      200: AdminSettingsBulkUpdateAnswer,
    },
  },
  'admin.settings.clear_cache': {
    summary: 'Clear the settings cache',
    access: 'admin',
    responses: {
      200: SettingsMessageAnswer,
    },
  },
  'admin.settings.date_formats': {
    summary: 'Date formats an administrator may choose',
    access: 'admin',
    responses: {
      200: AdminSettingsDateFormatsAnswer,
    },
  },
  'admin.settings.index': {
    summary: 'All settings by category (sensitive values masked)',
    access: 'admin',
    responses: {
      200: AdminSettingsIndexAnswer,
    },
  },
  'admin.settings.show': {
    summary: 'One setting',
    access: 'admin',
    params: settingKeyValidator,
    responses: {
      200: AdminSettingsShowAnswer,
    },
  },
  'admin.settings.time_formats': {
    summary: 'Time formats an administrator may choose',
    access: 'admin',
    responses: {
      200: AdminSettingsDateFormatsAnswer,
    },
  },
  'admin.settings.update': {
    summary: 'Update one setting',
    access: 'admin',
    body: settingValueValidator,
    params: settingKeyValidator,
    responses: {
      200: AdminSettingsShowAnswer,
    },
  },
  'branding.clear_cache': {
    summary: 'Clear the branding cache',
    access: 'admin',
    responses: {
      200: SettingsMessageAnswer,
    },
  },
  'branding.colors': {
    summary: 'Brand colours',
    access: 'public',
    responses: {
      200: BrandingColorsAnswer,
    },
  },
  'branding.show': {
    summary: 'Branding of the portal (logo, colours, texts)',
    access: 'public',
    responses: {
      200: BrandingShowAnswer,
    },
  },
  'branding.update': {
    summary: 'Update the branding',
    access: 'admin',
    body: brandingValidator,
    responses: {
      200: BrandingShowAnswer,
    },
  },
  'settings.formatting': {
    summary: 'Date, time and currency formatting settings',
    access: 'public',
    responses: {
      200: SettingsFormattingAnswer,
    },
  },
})
