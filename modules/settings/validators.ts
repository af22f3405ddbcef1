import vine from '@vinejs/vine'

/** Setting values are typed per setting (see services/setting_value_rules.ts), so any scalar passes here. */
const settingValue = () => vine.any()

export const settingKeyValidator = vine.compile(
  vine.object({
    key: vine
      .string()
      .trim()
      .regex(/^[A-Z0-9_]{1,100}$/),
  })
)

export const settingValueValidator = vine.compile(vine.object({ value: settingValue() }))

export const bulkSettingsValidator = vine.compile(
  vine.object({
    updates: vine
      .array(
        vine.object({
          setting_key: vine.string().trim().maxLength(100),
          setting_value: settingValue(),
        })
      )
      .minLength(1)
      .maxLength(100),
  })
)

const brandText = () => vine.string().trim().maxLength(2000).optional()

export const brandingValidator = vine.compile(
  vine.object({
    brandName: brandText(),
    logoUrl: brandText(),
    primaryColor: brandText(),
    secondaryColor: brandText(),
    accentColor: brandText(),
    successColor: brandText(),
    errorColor: brandText(),
    warningColor: brandText(),
    tagline: brandText(),
    supportEmail: brandText(),
    websiteUrl: brandText(),
  })
)
