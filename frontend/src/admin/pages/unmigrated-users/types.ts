import type { ApiAnswer } from '../../../common/api_contract.js'

/** A listed principal: member, link, block and invitation state (GET /api/admin/unmigrated-users). */
export type UnmigratedUser = ApiAnswer<'/api/admin/unmigrated-users', 'get'>['users'][number]

/** A link generated in this browser session (only hashes are stored on the server). */
export interface IssuedLink {
  memberId: number
  token: string
  secureLink: string
  expiresAt: string | null
}
