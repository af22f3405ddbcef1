const SIGNED_IN_KEY = 'shop.signedIn'

/**
 * Whether this browser had a member session (localStorage, set when a member page loaded the
 * member's details, cleared on logout): only then can a 401 mean the session expired. A visitor
 * who never signed in is sent to the login without that message.
 */
export const signedIn = {
  mark: () => localStorage.setItem(SIGNED_IN_KEY, '1'),
  forget: () => localStorage.removeItem(SIGNED_IN_KEY),
  was: () => localStorage.getItem(SIGNED_IN_KEY) === '1',
}
