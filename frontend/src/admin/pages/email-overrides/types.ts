export interface EmailOverride {
  id: number
  member_id: string | null
  insured_full_name: string | null
  original_email: string | null
  override_email: string
  notes: string | null
  created_by: string | null
  created_at: string | null
}

export interface MemberMatch {
  member_id: string
  insured_full_name: string
  email: string | null
}
