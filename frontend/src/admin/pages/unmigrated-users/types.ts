import type { ApiAnswer } from '../../../common/api_contract'

/** A listed principal, with what the answer's schema does not list: the block, when the link was issued, the invitations. */
export type UnmigratedUser = ApiAnswer<'/api/admin/unmigrated-users', 'get'>['users'][number] & {
  /** An administrator's active block: never invited nor given a link. */
  is_blocked: boolean
  token_issued_at: string | null
  /** The latest invitation email, the follow-up reminders sent, the status of the latest of them (issue 15 §4). */
  invited_at: string | null
  reminders_sent: number
  last_delivery_status: string | null
}

/** A link generated in this browser session (only hashes are stored on the server). */
export interface IssuedLink {
  memberId: number
  token: string
  secureLink: string
  expiresAt: string | null
}
