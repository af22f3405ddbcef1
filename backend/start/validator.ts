/*
| VineJS defaults shared by every validator.
*/
import vine, { SimpleMessagesProvider } from '@vinejs/vine'

vine.messagesProvider = new SimpleMessagesProvider({
  'required': 'The {{ field }} field is required',
  'email': 'Please enter a valid email address',
})
