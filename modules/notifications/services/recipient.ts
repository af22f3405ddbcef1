import { settingsService } from '#modules/settings/index'
import EmailOverride from '../models/email_override.js'

export type RecipientSource =
  | 'member_override'
  | 'global_override'
  | 'member_email'
  | 'admin_setting'

/** admin_setting: ADMIN_NOTIFICATION_EMAIL (emails to the administrators). */

/**
 * Who receives an email meant for a member (decisions.md §6, the Email
 * Overrides screen): 1. the member's own override, 2. the global
 * EMAIL_OVERRIDE_RECIPIENT — the environment variable when set, else the
 * setting of that name (settings module, environment_overrides.ts), 3. the
 * member's email. Null when none exists.
 */
export async function resolveMemberRecipient(member: {
  id: number
  email: string | null
}): Promise<{ address: string; source: RecipientSource } | null> {
  const override = await EmailOverride.findBy('member_id', member.id)
  if (override?.override_email)
    return { address: override.override_email, source: 'member_override' }
  const global = (await settingsService.raw('EMAIL_OVERRIDE_RECIPIENT')).trim()
  if (global) return { address: global, source: 'global_override' }
  if (member.email) return { address: member.email, source: 'member_email' }
  return null
}

/**
 * resolveMemberRecipient for many members in two queries (their overrides, the global one):
 * for batches of invitations and reminders.
 */
export async function resolveMemberRecipients(
  members: { id: number; email: string | null }[]
): Promise<Map<number, { address: string; source: RecipientSource } | null>> {
  const overrides = new Map<number, string>()
  if (members.length > 0)
    for (const row of await EmailOverride.query()
      .whereIn(
        'member_id',
        members.map((member) => member.id)
      )
      .select('member_id', 'override_email'))
      if (row.override_email && row.member_id) overrides.set(row.member_id, row.override_email)
  const global = (await settingsService.raw('EMAIL_OVERRIDE_RECIPIENT')).trim()
  const recipientOf = (member: { id: number; email: string | null }) => {
    const own = overrides.get(member.id)
    if (own) return { address: own, source: 'member_override' as RecipientSource }
    if (global) return { address: global, source: 'global_override' as RecipientSource }
    if (member.email) return { address: member.email, source: 'member_email' as RecipientSource }
    return null
  }
  return new Map(members.map((member) => [member.id, recipientOf(member)]))
}
