export interface UnmigratedUser {
  id: number
  member_id: string
  insured_full_name: string
  email: string | null
  date_of_birth: string | null
  product_name: string | null
  plan_name: string | null
  policy_start_date: string | null
  policy_end_date: string | null
  token: string | null
  has_valid_token: boolean
  token_expires_at: string | null
  token_issued_at: string | null
  /** An administrator's active block: never invited nor given a link. */
  is_blocked: boolean
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
