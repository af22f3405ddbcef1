import { Captioned } from './Captioned'

/** The member's name over their member ID (the Migrations and Subscriptions lists). */
export const memberCell = (row: { insured_full_name: string; member_id_str: string | null }) => (
  <Captioned caption={row.member_id_str} strong>
    {row.insured_full_name}
  </Captioned>
)

/** Whom a call was for: the member's name over their member ID (the outbox and dead letters). */
export const callMember = (row: { member_name: string | null; member_id: string | null }) => (
  <Captioned caption={row.member_id}>{row.member_name ?? '—'}</Captioned>
)
