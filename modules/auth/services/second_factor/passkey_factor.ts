import db from '@adonisjs/lucid/services/db'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { ApiError } from '#modules/shared/index'
import { PASSKEYS, sqlNow } from './store.js'

export const PASSKEY_REFUSED =
  'The passkey could not be verified. Try again or use your authenticator app.'

/** Where the browser says it is: the relying party is this site's host (WebAuthn checks the origin the browser signed). */
export interface RelyingParty {
  name: string
  id: string
  origin: string
}

async function passkeysOf(adminId: number) {
  const rows = await db
    .from(PASSKEYS)
    .where('admin_user_id', adminId)
    .select('credential_id', 'transports')
  return rows.map((row) => ({
    id: String(row.credential_id),
    transports: row.transports
      ? (String(row.transports).split(',') as AuthenticatorTransportFuture[])
      : undefined,
  }))
}

/** Options for navigator.credentials.create(); the challenge is kept in the session by the caller. */
export async function passkeyRegistrationOptions(
  admin: { id: number; username: string },
  party: RelyingParty
) {
  return generateRegistrationOptions({
    rpName: party.name,
    rpID: party.id,
    userName: admin.username,
    userID: new TextEncoder().encode(`admin:${admin.id}`),
    attestationType: 'none',
    excludeCredentials: await passkeysOf(admin.id),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  })
}

/** Stores a new passkey once its attestation matches the challenge, origin and host. */
export async function registerPasskey(
  adminId: number,
  response: RegistrationResponseJSON,
  challenge: string,
  party: RelyingParty
) {
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: party.origin,
    expectedRPID: party.id,
    requireUserVerification: false,
  }).catch(() => null)
  if (!verification?.verified) throw new ApiError(PASSKEY_REFUSED, 422)
  const { credential } = verification.registrationInfo
  await db.table(PASSKEYS).insert({
    admin_user_id: adminId,
    credential_id: credential.id,
    public_key: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports?.join(',') ?? null,
    created_at: sqlNow(),
  })
}

/** Options for navigator.credentials.get(), limited to this administrator's passkeys. */
export async function passkeySignInOptions(adminId: number, party: RelyingParty) {
  const allowCredentials = await passkeysOf(adminId)
  if (allowCredentials.length === 0) throw new ApiError('This account has no passkey.', 409)
  return generateAuthenticationOptions({
    rpID: party.id,
    allowCredentials,
    userVerification: 'preferred',
  })
}

/** Checks a passkey's signature and moves its counter on (a cloned authenticator shows an old counter). */
export async function acceptPasskey(
  adminId: number,
  response: AuthenticationResponseJSON,
  challenge: string,
  party: RelyingParty
): Promise<boolean> {
  const row = await db
    .from(PASSKEYS)
    .where('admin_user_id', adminId)
    .where('credential_id', String(response.id ?? ''))
    .first()
  if (!row) return false
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: party.origin,
    expectedRPID: party.id,
    credential: {
      id: String(row.credential_id),
      publicKey: new Uint8Array(Buffer.from(String(row.public_key), 'base64url')),
      counter: Number(row.counter),
    },
    requireUserVerification: false,
  }).catch(() => null)
  if (!verification?.verified) return false
  await db
    .from(PASSKEYS)
    .where('id', row.id)
    .update({ counter: verification.authenticationInfo.newCounter, last_used_at: sqlNow() })
  return true
}
