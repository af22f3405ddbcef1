import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import MigrationToken from '../models/migration_token.js'
import { hashToken } from './migration_token_service.js'

/**
 * Takes back a secure link just issued (an invitation whose email was
 * refused): revokes `token` and, when it was still the newest (not revoked
 * meanwhile), gives back the unused links `restore` lists (those its issue
 * revoked). One transaction.
 */
export async function withdrawIssuedToken(token: string, restore: number[]) {
  await db.transaction(async (trx) => {
    const revoked = await MigrationToken.query({ client: trx })
      .where('token_hash', hashToken(token))
      .whereNull('revoked_at')
      .update({ revoked_at: DateTime.now().toSQL({ includeOffset: false }) })
    const stillLatest = Number(Array.isArray(revoked) ? revoked[0] : revoked) === 1
    if (stillLatest && restore.length > 0) {
      await MigrationToken.query({ client: trx })
        .whereIn('id', restore)
        .whereNull('used_at')
        .update({ revoked_at: null })
    }
  })
}
