import { Type, type Static } from '@sinclair/typebox'
import { adminCan, type AdminRole } from '#modules/admins/index'
import { MemberSearchHit, searchMembers } from '#modules/members/index'
import { MigrationSearchHit, searchMigrations } from '#modules/migrations/index'
import {
  DisputeSearchHit,
  moneySearch,
  PaymentSearchHit,
  RefundSearchHit,
} from '#modules/payments/index'
import type { NoteEntity } from './admin_notes.js'
import { NoteSearchHit, searchNotes } from './note_search.js'

/** Results per kind: what the app bar's list shows before "open the list to see more". */
const SEARCH_LIMIT = 5

/**
 * The app bar's search answer (docs/backoffice.md, "Search"): one group per kind the
 * administrator's role may read; a kind it may not read is left out, not sent empty.
 */
export const SearchGroups = Type.Object({
  members: Type.Optional(Type.Array(MemberSearchHit)),
  migrations: Type.Optional(Type.Array(MigrationSearchHit)),
  payments: Type.Optional(Type.Array(PaymentSearchHit)),
  refunds: Type.Optional(Type.Array(RefundSearchHit)),
  disputes: Type.Optional(Type.Array(DisputeSearchHit)),
  notes: Type.Optional(Type.Array(NoteSearchHit)),
})
export type SearchGroups = Static<typeof SearchGroups>

interface Searcher {
  id: number
  role: AdminRole | null
}

/**
 * Every kind the administrator may read, each found by its own module: members (members.view)
 * by member ID, name or email; migrations (migrations.view) by reference; payments, refunds and
 * disputes (finance.manage, the Finance area's ability) by provider id; notes on what the role
 * reads. Each kind is read from indexes, at most SEARCH_LIMIT rows.
 */
export async function globalSearch(text: string, admin: Searcher): Promise<SearchGroups> {
  const holder = { id: admin.id, role: admin.role ?? 'owner' }
  const [members, migrations, finance] = await Promise.all(
    (['members.view', 'migrations.view', 'finance.manage'] as const).map((ability) =>
      adminCan(holder, ability)
    )
  )
  const groups: SearchGroups = {}
  if (members) groups.members = await searchMembers(text, SEARCH_LIMIT)
  if (migrations) groups.migrations = await searchMigrations(text, SEARCH_LIMIT)
  if (finance) {
    const providerId = text.trim()
    groups.payments = await moneySearch.payments(providerId, SEARCH_LIMIT)
    groups.refunds = await moneySearch.refunds(providerId, SEARCH_LIMIT)
    groups.disputes = await moneySearch.disputes(providerId, SEARCH_LIMIT)
  }
  const noteKinds: NoteEntity[] = [
    ...(members ? (['member'] as const) : []),
    ...(migrations ? (['migration'] as const) : []),
  ]
  if (noteKinds.length) groups.notes = await searchNotes(text, SEARCH_LIMIT, noteKinds)
  return groups
}
