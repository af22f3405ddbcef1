/**
 * Each catalogue is downloaded in two parts (messages.ts): the words the sign-in page draws (its
 * page, the layout, the date-of-birth field, the page titles, the session notice), with the shop's
 * first load, and the rest when a member page is first opened. A word of the rest asked for before
 * it has arrived downloads it and is drawn once it is there (LanguageProvider).
 */
const SIGN_IN_PREFIXES = ['brand.', 'dob.', 'layout.', 'login.', 'session.', 'title.']
/** The words a failed sign-in falls back on (common/api.ts errorMessage, set by LanguageProvider). */
const SIGN_IN_KEYS = new Set(['common.error', 'common.networkError'])

export const isSignInKey = (key: string) =>
  SIGN_IN_KEYS.has(key) || SIGN_IN_PREFIXES.some((prefix) => key.startsWith(prefix))

export type CataloguePart = 'sign-in' | 'rest'
