import { Member } from '#modules/members/index'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { ApiError, matchAny } from '#modules/shared/index'
import { recordAudit, type Actor } from '#modules/audit/index'
import EmailOverride from '../models/email_override.js'

const SEARCH_LIMIT = 20

/** The spec's override shape (admin-backoffice.md §3); member_id is the census member ID. */
function serialize(override: EmailOverride, member: Member | null) {
  return {
    id: override.id,
    member_id: member?.member_id ?? null,
    insured_full_name: member?.insured_full_name ?? null,
    original_email: member ? (member.original_email ?? member.email) : null,
    override_email: override.override_email,
    notes: override.notes,
    created_by: override.created_by,
    created_at: override.created_at?.toISO() ?? null,
    updated_at: override.updated_at?.toISO() ?? null,
  }
}

/** The override as the audit trail keeps it. */
const audited = (override: EmailOverride) => ({
  member_id: override.member_id,
  override_email: override.override_email,
  notes: override.notes,
  created_by: override.created_by,
})

async function findOrFail(id: number, client?: TransactionClientContract) {
  const override = await EmailOverride.find(id, client ? { client } : undefined)
  if (!override) throw new ApiError('Email override not found', 404)
  return override
}

export const emailOverrideAdminService = {
  async list() {
    const overrides = await EmailOverride.query()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
    const members = await Member.query().whereIn(
      'id',
      overrides.map((o) => o.member_id)
    )
    const byId = new Map(members.map((m) => [m.id, m]))
    return overrides.map((override) => serialize(override, byId.get(override.member_id) ?? null))
  },

  async get(id: number) {
    const override = await findOrFail(id)
    return serialize(override, await Member.find(override.member_id))
  },

  /** The actor is also the override's created_by. */
  async create(
    input: { member_id: string; override_email: string; notes?: string | null },
    actor: Actor
  ) {
    const member = await Member.findBy('member_id', input.member_id)
    if (!member) throw new ApiError('Member not found', 404)
    if (await EmailOverride.findBy('member_id', member.id))
      throw new ApiError('An email override already exists for this member', 409)
    const override = await db.transaction(async (trx) => {
      const created = await EmailOverride.create(
        {
          member_id: member.id,
          override_email: input.override_email,
          notes: input.notes || null,
          created_by: actor,
        },
        { client: trx }
      )
      await recordAudit(trx, {
        actor,
        action: 'email_override.create',
        entityType: 'email_override',
        entityId: created.id,
        after: audited(created),
      })
      return created
    })
    return serialize(override, member)
  },

  async update(id: number, input: { override_email: string; notes?: string | null }, actor: Actor) {
    const override = await db.transaction(async (trx) => {
      const found = await findOrFail(id, trx)
      const before = audited(found)
      await found.merge({ override_email: input.override_email, notes: input.notes || null }).save()
      await recordAudit(trx, {
        actor,
        action: 'email_override.update',
        entityType: 'email_override',
        entityId: id,
        before,
        after: audited(found),
      })
      return found
    })
    return serialize(override, await Member.find(override.member_id))
  },

  async remove(id: number, actor: Actor) {
    await db.transaction(async (trx) => {
      const override = await findOrFail(id, trx)
      await override.delete()
      await recordAudit(trx, {
        actor,
        action: 'email_override.delete',
        entityType: 'email_override',
        entityId: id,
        before: audited(override),
      })
    })
  },

  /** Principals (who receive the emails) matching a name, member ID or email. */
  async searchMembers(query: string) {
    const members = await Member.query()
      .where('insured_role', 'Principal')
      .where((inner) => matchAny(inner, ['insured_full_name', 'member_id', 'email'], query))
      .orderBy('insured_full_name')
      .limit(SEARCH_LIMIT)
    return members.map((m) => ({
      member_id: m.member_id,
      insured_full_name: m.insured_full_name,
      email: m.email,
    }))
  },
}
