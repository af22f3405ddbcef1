import Member from '../models/member.js'

/** A principal and everyone linked to it: the only members it may see or migrate. */
export const familyService = {
  async familyOf(principal: Member): Promise<{ principal: Member; relatives: Member[] }> {
    const relatives = await Member.query().where('principal_id', principal.id).orderBy('id')
    return { principal, relatives }
  },

  /** The ids of the principal's family (principal included). */
  async familyIds(principal: Member): Promise<Set<number>> {
    const rows = await Member.query().where('principal_id', principal.id).select('id')
    return new Set([principal.id, ...rows.map((row) => row.id)])
  },
}
