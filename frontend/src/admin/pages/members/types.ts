import type { ApiAnswer } from '../../../common/api_contract'

export const ROLES = ['Principal', 'Spouse', 'Child', 'Dependent'] as const

/** A member row as the list answers it, with its block (the answer schema does not list those two). */
export type MemberRecord = ApiAnswer<'/api/admin/members', 'get'>['members'][number] & { is_blocked: boolean; block_reason: string | null }
export type MemberStats = ApiAnswer<'/api/admin/members-stats', 'get'>['stats']
