/*
| VineJS defaults shared by every validator.
*/
import vine, { SimpleMessagesProvider } from '@vinejs/vine'

vine.messagesProvider = new SimpleMessagesProvider({
  required: 'The {{ field }} field is required',
  email: 'Please enter a valid email address',
})

/*
| VineJS casts numbers with Number(value). An object whose toString or
| valueOf is not a function (JSON `{"toString":"x"}`) makes that throw, a
| 500 instead of a 422. Such a value is not a number: NaN, so
| every number rule answers it as invalid input.
*/
const helpers = vine.helpers
const asNumber = helpers.asNumber.bind(helpers)
const isNumeric = helpers.isNumeric.bind(helpers)
helpers.asNumber = (value: unknown) => {
  try {
    return asNumber(value)
  } catch {
    return Number.NaN
  }
}
helpers.isNumeric = (value: unknown) => {
  try {
    return isNumeric(value)
  } catch {
    return false
  }
}
