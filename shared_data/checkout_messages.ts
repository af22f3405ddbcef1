/** Texts the server sends and the shop recognises (pure data in shared_data/: the frontend bundles it and may not import server code). */
export const CHECKOUT_REPLACED =
  'This checkout was replaced by a newer one you opened in another tab or window.'

/**
 * Language-independent names of the errors a client acts on, sent as the error answer's `code`
 * (the `error` text is translated for members: never compare it).
 */
export const ERROR_CODES = {
  /** 409: this tab's checkout was replaced by a newer one (the shop shows ReplacedCheckout). */
  checkoutReplaced: 'CHECKOUT_REPLACED',
  /** 403: the CSRF token is missing or stale (the session may have ended). */
  badCsrf: 'BAD_CSRF',
} as const

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES]
