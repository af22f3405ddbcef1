import env from '#start/env'

let override: boolean | null = null

/**
 * REQUIRE_ADMIN_2FA: an administrator without a second factor can only
 * enrol. On by default when NODE_ENV=production; the demo started by
 * `npm start` turns it off unless its .env sets it (scripts/start.mjs).
 */
export function adminSecondFactorRequired(): boolean {
  return override ?? env.get('REQUIRE_ADMIN_2FA', env.get('NODE_ENV') === 'production')
}

/** Tests switch the setting for one test (the environment is read once at boot); null goes back to it. */
export function setAdminSecondFactorRequired(value: boolean | null) {
  override = value
}

export const ENROLMENT_REQUIRED =
  'Two-factor sign-in is required for administrators. Set up an authenticator app or a passkey before doing anything else.'
