import type { ApiAnswer } from '../../common/api_contract'
import { formatDate } from '../../common/format'

/** One entry of GET /api/admin/audit-log (modules/audit), as the API contract documents it. */
export type AuditEntry = ApiAnswer<'/api/admin/audit-log', 'get'>['entries'][number]

export interface FieldChange {
  field: string
  /** Absent for a create (nothing before) or a delete (nothing after). */
  before?: unknown
  after?: unknown
}

/** The entity types the server records (docs/operations.md), for the audit log's filter. */
export const ENTITY_TYPES = [
  'member',
  'migration',
  'product',
  'currency',
  'exchange_rates',
  'setting',
  'email_template',
  'email_override',
  'doc_template',
  'api_config',
  'admin',
  'subscription',
  'import',
  'database',
]

/** "surcharge_percentage" → "surcharge percentage". */
export const fieldLabel = (field: string) => field.replace(/_/g, ' ')

/** A stored value as text: secrets arrive masked from the server and are shown as they are. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)'
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** The fields of an entry in the order the server wrote them, each with what it was and became. */
export function fieldChanges(entry: Pick<AuditEntry, 'before' | 'after'>): FieldChange[] {
  const fields = [
    ...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]),
  ]
  return fields.map((field) => ({
    field,
    ...(entry.before && field in entry.before ? { before: entry.before[field] } : {}),
    ...(entry.after && field in entry.after ? { after: entry.after[field] } : {}),
  }))
}

/** "24.11.2026 05:12:09 UTC" in the DATE_FORMAT setting; entries are stored in UTC. */
export function auditTime(at: string | null, dateFormat: string): string {
  if (!at) return 'unknown time'
  return `${formatDate(at, dateFormat)} ${at.slice(11, 19)} UTC`
}
