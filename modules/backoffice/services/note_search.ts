import { Type, type Static } from '@sinclair/typebox'
import db from '@adonisjs/lucid/services/db'
import { foldText, matchAny } from '#modules/shared/index'
import type { NoteEntity } from './admin_notes.js'

/** A note found by the app bar's search: a piece of its text around the match, and what it is on. */
export const NoteSearchHit = Type.Object(
  {
    id: Type.Number(),
    entityType: Type.Union([Type.Literal('member'), Type.Literal('migration')]),
    entityId: Type.Number(),
    label: Type.String({
      description: "The member's name or the migration's reference the note is on",
    }),
    excerpt: Type.String({ description: 'At most 120 characters of the note around the match' }),
    author: Type.String(),
    createdAt: Type.String(),
  },
  { $id: 'NoteSearchHit' }
)
export type NoteSearchHit = Static<typeof NoteSearchHit>

const EXCERPT = 120
const BEFORE = 30

/** The note's text from a little before the first match, cut to EXCERPT characters with "…" where cut. */
function excerptOf(body: string, text: string) {
  const flat = body.replace(/\s+/g, ' ').trim()
  const at = Math.max(0, (foldText(flat) ?? '').indexOf(foldText(text.trim()) ?? ''))
  const start =
    flat.length <= EXCERPT || at < BEFORE ? 0 : Math.min(at - BEFORE, flat.length - EXCERPT)
  const piece = flat.slice(start, start + EXCERPT)
  return `${start > 0 ? '…' : ''}${piece}${start + EXCERPT < flat.length ? '…' : ''}`
}

const time = (value: string | Date) => new Date(value).toISOString()

/**
 * Notes on the given kinds of record whose text contains `text` (case and accents ignored),
 * newest first. The notes table holds what administrators typed (thousands of rows, not the
 * members' 100,000): it is read whole for a text inside a note, as the other list searches are.
 */
export async function searchNotes(
  text: string,
  limit: number,
  kinds: NoteEntity[]
): Promise<NoteSearchHit[]> {
  if (kinds.length === 0) return []
  const rows = await db
    .from('admin_notes as n')
    .leftJoin('members as mb', (join) =>
      join.on('mb.id', 'n.entity_id').andOnVal('n.entity_type', 'member')
    )
    .leftJoin('migrations as mg', (join) =>
      join.on('mg.id', 'n.entity_id').andOnVal('n.entity_type', 'migration')
    )
    .whereIn('n.entity_type', kinds)
    .where((inner) => matchAny(inner, ['n.body'], text))
    .select(
      'n.id',
      'n.entity_type',
      'n.entity_id',
      'n.body',
      'n.author_name',
      'n.created_at',
      'mb.insured_full_name',
      'mg.migration_reference'
    )
    .orderBy('n.id', 'desc')
    .limit(limit)
  return rows.map((row) => ({
    id: Number(row.id),
    entityType: row.entity_type,
    entityId: Number(row.entity_id),
    label: (row.entity_type === 'member' ? row.insured_full_name : row.migration_reference) ?? '',
    excerpt: excerptOf(row.body, text),
    author: row.author_name,
    createdAt: time(row.created_at),
  }))
}
