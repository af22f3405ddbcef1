export const ROLES = ['Principal', 'Spouse', 'Child', 'Dependent'] as const
export const STATUSES = ['Active', 'Inactive', 'Pending'] as const
export const GENDERS = ['Male', 'Female', 'Other'] as const
export const PAGE_SIZE = 50

export interface MemberRecord {
  id: number
  member_id: string
  person_id: string | null
  principal_person_id: string | null
  principal_name: string | null
  insured_full_name: string
  date_of_birth: string | null
  insured_role: string
  email: string | null
  original_email: string | null
  gender: string | null
  citizenship: string | null
  residence_country: string | null
  status: string
  product_name: string | null
  product_alias: string | null
  plan_name: string | null
  policy_start_date: string | null
  policy_end_date: string | null
  dhig_person_guid: string | null
  dhig_person_id: string | null
  dhig_member_id: string | null
  completed_migrations_count: number
  is_blocked: boolean
  block_reason: string | null
}

export interface MemberStats {
  total_members: number
  principals_count: number
  dependents_count: number
  active_members: number
  members_with_email: number
  unique_products: number
}
