import { createHash, randomBytes } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { RECOVERY_CODES, affectedRows, sqlNow } from './store.js'

const RECOVERY_CODE_COUNT = 10
/** Crockford-style alphabet: no 0/O or 1/I/L to misread on paper. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

/** The stored form: SHA-256 of the code without its dash, in capitals (50 random bits each: no salt needed). */
const hashCode = (code: string) =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('hex')

/** True for input shaped like a recovery code (xxxxx-xxxxx), as opposed to a 6-digit app code. */
export const looksLikeRecoveryCode = (input: string) =>
  /^[0-9A-Za-z]{5}-?[0-9A-Za-z]{5}$/.test(input.trim())

function newCode() {
  const bytes = randomBytes(10)
  const chars = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join('')
  return `${chars.slice(0, 5)}-${chars.slice(5)}`
}

/** Replaces an administrator's recovery codes with 10 new ones: answered once, stored hashed. */
export async function issueRecoveryCodes(
  adminId: number,
  trx: TransactionClientContract
): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode)
  await trx.from(RECOVERY_CODES).where('admin_user_id', adminId).delete()
  const createdAt = sqlNow()
  await trx.table(RECOVERY_CODES).multiInsert(
    codes.map((code) => ({
      admin_user_id: adminId,
      code_hash: hashCode(code),
      created_at: createdAt,
    }))
  )
  return codes
}

/** Uses a recovery code: one conditional UPDATE, so a code opens one sign-in even when sent twice at once. */
export async function useRecoveryCode(adminId: number, code: string): Promise<boolean> {
  const changed = await db
    .from(RECOVERY_CODES)
    .where('admin_user_id', adminId)
    .where('code_hash', hashCode(code))
    .whereNull('used_at')
    .update({ used_at: sqlNow() })
  return affectedRows(changed) === 1
}
