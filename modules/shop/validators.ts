import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { DURATION_TYPES, PAYMENT_FREQUENCIES } from '#modules/pricing/index'

export const updateEmailValidator = vine.compile(
  vine.object({
    newEmail: vine.string().trim().email().maxLength(254),
  })
)

const selection = {
  memberIds: vine.array(vine.number().withoutDecimals().positive()).minLength(1).maxLength(50).distinct(),
  durationType: vine.enum(DURATION_TYPES),
  paymentFrequency: vine.enum(PAYMENT_FREQUENCIES),
  currency: vine.string().trim().toUpperCase().regex(/^[A-Z]{3}$/),
}

/** fixedEndDate is accepted for the spec's payload but the product's own date is always used. */
export const calculateValidator = vine.compile(
  vine.object({ ...selection, fixedEndDate: vine.string().trim().maxLength(10).optional().nullable() })
)

/** Amounts a client may send are not even read. */
export const createMigrationValidator = vine.compile(vine.object(selection))

export const migrationIdValidator = vine.compile(
  vine.object({ id: vine.number().withoutDecimals().positive() })
)

/** Stripe: the SetupIntent the browser confirmed; the sandbox sends none. */
export const cardUpdateValidator = vine.compile(
  vine.object({ setupIntentId: vine.string().trim().regex(/^seti_[A-Za-z0-9_]+$/).maxLength(255).optional() })
)

/** Route ids are the same kind of positive integer. */
export const documentIdValidator = migrationIdValidator

/** Field messages a member reads in a toast. */
const SHOP_MESSAGES = new SimpleMessagesProvider({
  'newEmail.required': 'Please enter a valid email address',
  'newEmail.string': 'Please enter a valid email address',
  'newEmail.email': 'Please enter a valid email address',
  'newEmail.maxLength': 'Please enter a valid email address',
  'memberIds.required': 'Please select at least one member',
  'memberIds.array.minLength': 'Please select at least one member',
  'memberIds.array.maxLength': 'Too many members selected',
  'memberIds.distinct': 'A member was selected twice',
  'memberIds.array': 'Please select at least one member',
  'durationType.required': 'Please choose a duration',
  'durationType.enum': 'Please choose a duration: 6_months, 9_months, 12_months or fixed_date',
  'paymentFrequency.required': 'Please choose a payment frequency',
  'paymentFrequency.enum': 'Please choose a payment frequency: one-time, monthly, quarterly, semi-annual or annual',
  'currency.required': 'Please choose a currency',
  'currency.regex': 'Please choose a currency',
})

for (const validator of [updateEmailValidator, calculateValidator, createMigrationValidator]) {
  validator.messagesProvider = SHOP_MESSAGES
}
