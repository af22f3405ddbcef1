import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { scrubbedColumns } from '#modules/shared/index'

/**
 * Erasure (docs/privacy.md): the audit trail keeps every entry (who did what, when), with the
 * member's personal texts replaced in the recorded before/after values.
 */
export async function eraseAuditTexts(trx: TransactionClientContract, texts: string[]) {
  if (texts.length === 0) return
  await trx
    .from('audit_entries')
    .where((query) => {
      for (const text of texts)
        query.orWhere('before', 'like', `%${text}%`).orWhere('after', 'like', `%${text}%`)
    })
    .update(scrubbedColumns(['before', 'after'], texts))
}
