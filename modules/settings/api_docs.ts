import { documentRoutes } from '#modules/api_contract/index'
import { brandingValidator, bulkSettingsValidator, settingKeyValidator, settingValueValidator } from './validators.js'

/** The answer of admin.settings.clear_cache, branding.clear_cache. */
const MESSAGE_ANSWER = {
  type: 'object',
  properties: { success: { type: 'boolean' }, message: { type: 'string' } },
  required: ['success', 'message'],
}

/** The answer of admin.settings.date_formats, admin.settings.time_formats. */
const FORMAT_OPTIONS_ANSWER = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    options: {
      type: 'array',
      items: {
        type: 'object',
        properties: { value: { type: 'string' }, label: { type: 'string' }, example: { type: 'string' } },
        required: ['value', 'label', 'example'],
      },
    },
  },
  required: ['success', 'options'],
}

/** The answer of admin.settings.show, admin.settings.update. */
const SETTING_ANSWER = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    setting: {
      type: 'object',
      properties: {
        id: { type: 'number' },
        setting_key: { type: 'string' },
        setting_value: { type: ['string', 'null'] },
        setting_type: { type: 'string' },
        display_name: { type: 'string' },
        description: { type: ['string', 'null'] },
        is_editable: { type: 'boolean' },
        is_sensitive: { type: 'boolean' },
        category: { type: 'string' },
        overridden_by_environment: { type: 'boolean' },
      },
      required: [
        'id',
        'setting_key',
        'setting_value',
        'setting_type',
        'display_name',
        'description',
        'is_editable',
        'is_sensitive',
        'category',
        'overridden_by_environment',
      ],
    },
  },
  required: ['success', 'setting'],
}

/** The answer of branding.show, branding.update. */
const BRANDING_ANSWER = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    branding: {
      type: 'object',
      properties: {
        brandName: { type: 'string' },
        logoUrl: { type: 'string' },
        primaryColor: { type: 'string' },
        secondaryColor: { type: 'string' },
        accentColor: { type: 'string' },
        successColor: { type: 'string' },
        errorColor: { type: 'string' },
        warningColor: { type: 'string' },
        tagline: { type: 'string' },
        supportEmail: { type: 'string' },
        websiteUrl: { type: 'string' },
      },
      required: [
        'brandName',
        'logoUrl',
        'primaryColor',
        'secondaryColor',
        'accentColor',
        'successColor',
        'errorColor',
        'warningColor',
        'tagline',
        'supportEmail',
        'websiteUrl',
      ],
    },
  },
  required: ['success', 'branding'],
}

/** The contract of this module's routes: validators used by its controllers, and the JSON Schema of each success answer. */
documentRoutes({
  'admin.settings.bulk_update': {
    summary: 'Update several settings at once',
    access: 'admin',
    body: bulkSettingsValidator,
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          updated: { type: 'number' },
          settings: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'number' },
                setting_key: { type: 'string' },
                setting_value: { type: ['string', 'null'] },
                setting_type: { type: 'string' },
                display_name: { type: 'string' },
                description: { type: ['string', 'null'] },
                is_editable: { type: 'boolean' },
                is_sensitive: { type: 'boolean' },
                category: { type: 'string' },
                overridden_by_environment: { type: 'boolean' },
              },
              required: [
                'id',
                'setting_key',
                'setting_value',
                'setting_type',
                'display_name',
                'description',
                'is_editable',
                'is_sensitive',
                'category',
                'overridden_by_environment',
              ],
            },
          },
        },
        required: ['success', 'updated', 'settings'],
      },
    },
  },
  'admin.settings.clear_cache': {
    summary: 'Clear the settings cache',
    access: 'admin',
    responses: {
      200: MESSAGE_ANSWER,
    },
  },
  'admin.settings.date_formats': {
    summary: 'Date formats an administrator may choose',
    access: 'admin',
    responses: {
      200: FORMAT_OPTIONS_ANSWER,
    },
  },
  'admin.settings.index': {
    summary: 'All settings by category (sensitive values masked)',
    access: 'admin',
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          settings: {
            type: 'object',
            properties: {
              formatting: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'number' },
                    setting_key: { type: 'string' },
                    setting_value: { type: ['string', 'null'] },
                    setting_type: { type: 'string' },
                    display_name: { type: 'string' },
                    description: { type: ['string', 'null'] },
                    is_editable: { type: 'boolean' },
                    is_sensitive: { type: 'boolean' },
                    category: { type: 'string' },
                    overridden_by_environment: { type: 'boolean' },
                  },
                  required: [
                    'id',
                    'setting_key',
                    'setting_value',
                    'setting_type',
                    'display_name',
                    'description',
                    'is_editable',
                    'is_sensitive',
                    'category',
                    'overridden_by_environment',
                  ],
                },
              },
              email: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'number' },
                    setting_key: { type: 'string' },
                    setting_value: { type: ['string', 'null'] },
                    setting_type: { type: 'string' },
                    display_name: { type: 'string' },
                    description: { type: ['string', 'null'] },
                    is_editable: { type: 'boolean' },
                    is_sensitive: { type: 'boolean' },
                    category: { type: 'string' },
                    overridden_by_environment: { type: 'boolean' },
                  },
                  required: [
                    'id',
                    'setting_key',
                    'setting_value',
                    'setting_type',
                    'display_name',
                    'description',
                    'is_editable',
                    'is_sensitive',
                    'category',
                    'overridden_by_environment',
                  ],
                },
              },
              payment: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'number' },
                    setting_key: { type: 'string' },
                    setting_value: { type: ['string', 'null'] },
                    setting_type: { type: 'string' },
                    display_name: { type: 'string' },
                    description: { type: ['string', 'null'] },
                    is_editable: { type: 'boolean' },
                    is_sensitive: { type: 'boolean' },
                    category: { type: 'string' },
                    overridden_by_environment: { type: 'boolean' },
                  },
                  required: [
                    'id',
                    'setting_key',
                    'setting_value',
                    'setting_type',
                    'display_name',
                    'description',
                    'is_editable',
                    'is_sensitive',
                    'category',
                    'overridden_by_environment',
                  ],
                },
              },
              application: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'number' },
                    setting_key: { type: 'string' },
                    setting_value: { type: ['string', 'null'] },
                    setting_type: { type: 'string' },
                    display_name: { type: 'string' },
                    description: { type: ['string', 'null'] },
                    is_editable: { type: 'boolean' },
                    is_sensitive: { type: 'boolean' },
                    category: { type: 'string' },
                    overridden_by_environment: { type: 'boolean' },
                  },
                  required: [
                    'id',
                    'setting_key',
                    'setting_value',
                    'setting_type',
                    'display_name',
                    'description',
                    'is_editable',
                    'is_sensitive',
                    'category',
                    'overridden_by_environment',
                  ],
                },
              },
              branding: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'number' },
                    setting_key: { type: 'string' },
                    setting_value: { type: ['string', 'null'] },
                    setting_type: { type: 'string' },
                    display_name: { type: 'string' },
                    description: { type: ['string', 'null'] },
                    is_editable: { type: 'boolean' },
                    is_sensitive: { type: 'boolean' },
                    category: { type: 'string' },
                    overridden_by_environment: { type: 'boolean' },
                  },
                  required: [
                    'id',
                    'setting_key',
                    'setting_value',
                    'setting_type',
                    'display_name',
                    'description',
                    'is_editable',
                    'is_sensitive',
                    'category',
                    'overridden_by_environment',
                  ],
                },
              },
            },
            required: ['formatting', 'email', 'payment', 'application', 'branding'],
          },
        },
        required: ['success', 'settings'],
      },
    },
  },
  'admin.settings.show': {
    summary: 'One setting',
    access: 'admin',
    params: settingKeyValidator,
    responses: {
      200: SETTING_ANSWER,
    },
  },
  'admin.settings.time_formats': {
    summary: 'Time formats an administrator may choose',
    access: 'admin',
    responses: {
      200: FORMAT_OPTIONS_ANSWER,
    },
  },
  'admin.settings.update': {
    summary: 'Update one setting',
    access: 'admin',
    body: settingValueValidator,
    params: settingKeyValidator,
    responses: {
      200: SETTING_ANSWER,
    },
  },
  'branding.clear_cache': {
    summary: 'Clear the branding cache',
    access: 'admin',
    responses: {
      200: MESSAGE_ANSWER,
    },
  },
  'branding.colors': {
    summary: 'Brand colours',
    access: 'public',
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          colors: {
            type: 'object',
            properties: {
              primary: { type: 'string' },
              secondary: { type: 'string' },
              accent: { type: 'string' },
              success: { type: 'string' },
              error: { type: 'string' },
              warning: { type: 'string' },
            },
            required: ['primary', 'secondary', 'accent', 'success', 'error', 'warning'],
          },
        },
        required: ['success', 'colors'],
      },
    },
  },
  'branding.show': {
    summary: 'Branding of the portal (logo, colours, texts)',
    access: 'public',
    responses: {
      200: BRANDING_ANSWER,
    },
  },
  'branding.update': {
    summary: 'Update the branding',
    access: 'admin',
    body: brandingValidator,
    responses: {
      200: BRANDING_ANSWER,
    },
  },
  'settings.formatting': {
    summary: 'Date, time and currency formatting settings',
    access: 'public',
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          settings: {
            type: 'object',
            properties: {
              formatting: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { setting_key: { type: 'string' }, setting_value: { type: ['string', 'null'] } },
                  required: ['setting_key', 'setting_value'],
                },
              },
            },
            required: ['formatting'],
          },
        },
        required: ['success', 'settings'],
      },
    },
  },
})
