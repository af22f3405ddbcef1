import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { forUpdate } from '#modules/shared/index'
import Member from '../models/member.js'

/**
 * Locks a member's row until the transaction ends: everything that decides about the member's
 * migrations (a new checkout, a payment accepted or refused, an admin block) takes this lock
 * first, so such decisions are made one after the other.
 */
export async function lockMember(memberId: number, trx: TransactionClientContract) {
  return forUpdate(Member.query({ client: trx }).where('id', memberId), trx).first()
}
