import type { ApiAnswer } from '../../../common/api_contract'

export const ROLES = ['Principal', 'Spouse', 'Child', 'Dependent'] as const

/** A member row as the list answers it (the API's Member schema, with its block). */
export type MemberRecord = ApiAnswer<'/api/admin/members', 'get'>['members'][number]
export type MemberStats = ApiAnswer<'/api/admin/members-stats', 'get'>['stats']
