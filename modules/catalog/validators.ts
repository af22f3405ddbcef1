import vine from '@vinejs/vine'

// Empty means no date; a longer ISO date-time is trimmed to its date by the service.
const isoDate = () =>
  vine
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2}.*)?$/)
    .nullable()
    .optional()

export const productSettingsValidator = vine.compile(
  vine.object({
    subscriptionFrequencies: vine.object({
      'disabled': vine.boolean(),
      'monthly': vine.boolean(),
      'quarterly': vine.boolean(),
      'semi-annual': vine.boolean(),
      'annual': vine.boolean(),
    }),
    fixedStartDate: isoDate(),
    fixedEndDate: isoDate(),
    enforceFixedStartDate: vine.boolean(),
    enforceFixedEndDate: vine.boolean(),
    productAlias: vine.string().trim().maxLength(191).nullable().optional(),
    planId: vine.string().trim().maxLength(64).nullable().optional(),
    disabled: vine.boolean(),
  })
)

export const currencyUpdateValidator = vine.compile(
  vine.object({
    enabled: vine.boolean(),
    surcharge_percentage: vine.number().min(0).max(100),
  })
)

export const idParamValidator = vine.compile(
  vine.object({ id: vine.number().withoutDecimals().positive() })
)
