/**
 * The census columns of decisions.md §8. Headers are matched
 * case-insensitively, ignoring spaces and underscores (and a BOM).
 */
export interface CensusColumn {
  field: CensusField
  header: string
  required: boolean
  /** Longest value the members table accepts. */
  maxLength: number
}

export type CensusField =
  | 'member_id'
  | 'insured_full_name'
  | 'date_of_birth'
  | 'insured_role'
  | 'residence_country'
  | 'principal_name'
  | 'principal_person_id'
  | 'person_id'
  | 'product_name'
  | 'email'
  | 'plan_name'
  | 'gender'
  | 'citizenship'
  | 'sum_insured'
  | 'final_premium'
  | 'premium_currency'
  | 'policy_start_date'
  | 'policy_end_date'

export const CENSUS_COLUMNS: CensusColumn[] = [
  { field: 'member_id', header: 'Member ID', required: true, maxLength: 64 },
  { field: 'insured_full_name', header: 'Name', required: true, maxLength: 191 },
  { field: 'date_of_birth', header: 'Date of Birth', required: true, maxLength: 32 },
  { field: 'insured_role', header: 'Role', required: true, maxLength: 16 },
  { field: 'residence_country', header: 'Residence Country', required: false, maxLength: 100 },
  { field: 'principal_name', header: 'Principal Name', required: false, maxLength: 191 },
  { field: 'principal_person_id', header: 'Principal Person ID', required: false, maxLength: 64 },
  { field: 'person_id', header: 'Person ID', required: false, maxLength: 64 },
  { field: 'product_name', header: 'Product', required: false, maxLength: 191 },
  { field: 'email', header: 'Email', required: false, maxLength: 254 },
  { field: 'plan_name', header: 'Plan', required: false, maxLength: 191 },
  { field: 'gender', header: 'Gender', required: false, maxLength: 16 },
  { field: 'citizenship', header: 'Citizenship', required: false, maxLength: 100 },
  { field: 'sum_insured', header: 'Sum Insured', required: false, maxLength: 32 },
  { field: 'final_premium', header: 'Final Premium', required: false, maxLength: 32 },
  { field: 'premium_currency', header: 'Premium Currency', required: false, maxLength: 3 },
  { field: 'policy_start_date', header: 'Policy Start', required: false, maxLength: 32 },
  { field: 'policy_end_date', header: 'Policy End', required: false, maxLength: 32 },
]

export function normaliseHeader(header: unknown): string {
  return String(header ?? '')
    .replace(/^\uFEFF/, '')
    .replace(/[\s_]+/g, '')
    .toLowerCase()
}

const BY_HEADER = new Map(CENSUS_COLUMNS.map((column) => [normaliseHeader(column.header), column]))

/** Maps each census field to its cell index in the header row; unknown headers are ignored. */
export function mapHeaders(headerCells: unknown[]): { positions: Map<CensusField, number>; missing: string[] } {
  const positions = new Map<CensusField, number>()
  headerCells.forEach((cell, index) => {
    const column = BY_HEADER.get(normaliseHeader(cell))
    if (column && !positions.has(column.field)) positions.set(column.field, index)
  })
  const missing = CENSUS_COLUMNS.filter((column) => column.required && !positions.has(column.field)).map((c) => c.header)
  return { positions, missing }
}
