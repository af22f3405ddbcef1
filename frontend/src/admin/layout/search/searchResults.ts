import { adminPath } from '../../paths'
import type { SearchAnswer } from '../../dataProvider/custom/search'

/** One line of the results: what it says and the screen Enter (or a click) opens. */
interface SearchOption {
  id: string
  primary: string
  secondary: string
  path: string
}

export interface SearchGroup {
  kind: string
  label: string
  options: SearchOption[]
}

/** A member's screen: the Members list on that member, with their details open. */
function memberPath(id: number, memberId: string) {
  const filter = encodeURIComponent(JSON.stringify({ search: memberId }))
  return `${adminPath('members')}?filter=${filter}&show=${id}`
}

const money = (amount: number, currency: string) =>
  `${currency} ${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`

const ofMigration = (reference: string | null) => (reference ? ` · ${reference}` : '')

/** The answer's groups, in the answer's order, without the empty ones and those the role does not read. */
export function searchGroups(answer: SearchAnswer | undefined): SearchGroup[] {
  if (!answer) return []
  const groups: SearchGroup[] = [
    {
      kind: 'members',
      label: 'Members',
      options: (answer.members ?? []).map((m) => ({
        id: `member-${m.id}`,
        primary: m.insured_full_name,
        secondary: [m.member_id, m.insured_role, m.email].filter(Boolean).join(' · '),
        path: memberPath(m.id, m.member_id),
      })),
    },
    {
      kind: 'migrations',
      label: 'Migrations',
      options: (answer.migrations ?? []).map((m) => ({
        id: `migration-${m.id}`,
        primary: m.migration_reference,
        secondary: `${m.insured_full_name} · ${m.member_id_str} · ${m.status}`,
        path: adminPath(`migrations/${m.id}`),
      })),
    },
    {
      kind: 'payments',
      label: 'Payments',
      options: (answer.payments ?? []).map((p) => ({
        id: `payment-${p.id}`,
        primary: p.provider_payment_id,
        secondary: `${money(p.amount, p.currency)} · ${p.status}${ofMigration(p.migration_reference)}`,
        path: adminPath(`migrations/${p.migration_id}`),
      })),
    },
    {
      kind: 'refunds',
      label: 'Refunds',
      options: (answer.refunds ?? []).map((r) => ({
        id: `refund-${r.id}`,
        primary: r.provider_refund_id ?? `Refund ${r.id}`,
        secondary: `${money(r.amount, r.currency)} · ${r.status}${ofMigration(r.migration_reference)}`,
        path: adminPath(`finance/refunds/${r.id}/show`),
      })),
    },
    {
      kind: 'disputes',
      label: 'Disputes',
      options: (answer.disputes ?? []).map((d) => ({
        id: `dispute-${d.id}`,
        primary: d.provider_dispute_id,
        secondary: `${money(d.amount, d.currency)} · ${d.status}${ofMigration(d.migration_reference)}`,
        path: adminPath(`finance/disputes/${d.id}/show`),
      })),
    },
    {
      kind: 'notes',
      label: 'Notes',
      options: (answer.notes ?? []).map((n) => ({
        id: `note-${n.id}`,
        primary: n.excerpt,
        secondary: `${n.entityType === 'member' ? 'Member' : 'Migration'} ${n.label} · ${n.author}`,
        path:
          n.entityType === 'member'
            ? `${adminPath('members')}?show=${n.entityId}`
            : adminPath(`migrations/${n.entityId}`),
      })),
    },
  ]
  return groups.filter((group) => group.options.length > 0)
}
