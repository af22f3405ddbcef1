/**
 * The census columns of decisions.md §8. Headers are matched ignoring
 * case, spaces, punctuation (and a BOM); each column also answers to the
 * synonyms other insurers' census files use (docs/people.md).
 */
export interface CensusColumn {
  field: CensusField
  header: string
  required: boolean
  /** Longest value the members table accepts. */
  maxLength: number
  /** Other headers meaning this column; the exact header wins over a synonym. */
  synonyms?: string[]
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
  {
    field: 'member_id',
    header: 'Member ID',
    required: true,
    maxLength: 64,
    synonyms: [
      'Member Number',
      'Member No',
      'Member Nr',
      'Membership Number',
      'Membership No',
      'Membership ID',
      'Member Code',
    ],
  },
  {
    field: 'insured_full_name',
    header: 'Name',
    required: true,
    maxLength: 191,
    synonyms: ['Full Name', 'Member Name', 'Insured Name', 'Insured Full Name'],
  },
  {
    field: 'date_of_birth',
    header: 'Date of Birth',
    required: true,
    maxLength: 32,
    synonyms: ['DOB', 'Birth Date', 'Birthdate', 'Date Born'],
  },
  {
    field: 'insured_role',
    header: 'Role',
    required: true,
    maxLength: 16,
    synonyms: [
      'Relationship',
      'Relation',
      'Relationship to Principal',
      'Insured Role',
      'Member Type',
    ],
  },
  {
    field: 'residence_country',
    header: 'Residence Country',
    required: false,
    maxLength: 100,
    synonyms: ['Country of Residence', 'Country', 'Residence'],
  },
  {
    field: 'principal_name',
    header: 'Principal Name',
    required: false,
    maxLength: 191,
    synonyms: ['Main Member Name', 'Policyholder Name', 'Policy Holder Name'],
  },
  {
    field: 'principal_person_id',
    header: 'Principal Person ID',
    required: false,
    maxLength: 64,
    synonyms: ['Principal ID', 'Main Member ID', 'Policyholder ID', 'Policy Holder ID'],
  },
  {
    field: 'person_id',
    header: 'Person ID',
    required: false,
    maxLength: 64,
    synonyms: ['Personal ID', 'Unique ID', 'Person Number'],
  },
  {
    field: 'product_name',
    header: 'Product',
    required: false,
    maxLength: 191,
    synonyms: ['Product Name', 'Insurance Product'],
  },
  {
    field: 'email',
    header: 'Email',
    required: false,
    maxLength: 254,
    synonyms: ['E-mail', 'Email Address', 'E-mail Address'],
  },
  {
    field: 'plan_name',
    header: 'Plan',
    required: false,
    maxLength: 191,
    synonyms: ['Plan Name', 'Benefit Plan'],
  },
  { field: 'gender', header: 'Gender', required: false, maxLength: 16, synonyms: ['Sex'] },
  {
    field: 'citizenship',
    header: 'Citizenship',
    required: false,
    maxLength: 100,
    synonyms: ['Nationality'],
  },
  {
    field: 'sum_insured',
    header: 'Sum Insured',
    required: false,
    maxLength: 32,
    synonyms: ['Sum Assured', 'Coverage Amount'],
  },
  {
    field: 'final_premium',
    header: 'Final Premium',
    required: false,
    maxLength: 32,
    synonyms: ['Premium', 'Annual Premium'],
  },
  {
    field: 'premium_currency',
    header: 'Premium Currency',
    required: false,
    maxLength: 3,
    synonyms: ['Currency'],
  },
  {
    field: 'policy_start_date',
    header: 'Policy Start',
    required: false,
    maxLength: 32,
    synonyms: ['Policy Start Date', 'Start Date', 'Effective Date'],
  },
  {
    field: 'policy_end_date',
    header: 'Policy End',
    required: false,
    maxLength: 32,
    synonyms: ['Policy End Date', 'End Date', 'Expiry Date'],
  },
]

/** Case, spaces and punctuation ignored: "Member No." = "member_no" = "MEMBERNO". */
function normaliseHeader(header: unknown): string {
  return String(header ?? '')
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '')
}

const BY_HEADER = new Map(CENSUS_COLUMNS.map((column) => [normaliseHeader(column.header), column]))
const BY_SYNONYM = new Map(
  CENSUS_COLUMNS.flatMap((column) =>
    (column.synonyms ?? []).map((synonym) => [normaliseHeader(synonym), column] as const)
  )
)
const BY_LABEL = new Map(CENSUS_COLUMNS.map((column) => [normaliseHeader(column.header), column]))

/**
 * The admin's choice of file column for census columns (census header →
 * file header), e.g. { "Member ID": "Policy Holder No" }: from the Import
 * screen's mapping step or the CLI's --map.
 */
export type ColumnMapping = Record<string, string>

/** A missing required column: the reading stops and the screen asks which file column feeds it. */
export class MissingColumnsError extends Error {
  constructor(
    readonly missing: string[],
    readonly fileColumns: string[]
  ) {
    super(`Missing required column(s): ${missing.join(', ')}`)
  }
}

/** A mapping that cannot be applied (422 with this message). */
export class BadMappingError extends Error {}

/** The census columns a mapping names that do not exist (checked before the file is read). */
export function checkMappingColumns(mapping: ColumnMapping) {
  for (const [census, fileColumn] of Object.entries(mapping)) {
    if (!BY_LABEL.has(normaliseHeader(census))) {
      throw new BadMappingError(
        `The mapping names "${census}", which is not a census column (${CENSUS_COLUMNS.map((c) => c.header).join(', ')})`
      )
    }
    if (typeof fileColumn !== 'string' || !fileColumn.trim())
      throw new BadMappingError(`The mapping gives no file column for ${census}`)
  }
}

/** The header row's cells as text (the file's column names). */
export function headerTexts(headerCells: unknown[]): string[] {
  return headerCells.map((cell) =>
    String(cell ?? '')
      .replace(/^\uFEFF/, '')
      .trim()
  )
}

/**
 * Maps each census field to its cell index in the header row: the
 * admin's mapping first, then exact headers, then synonyms; unknown headers
 * are ignored. A mapping naming a column the file lacks, or one file column
 * for two census columns, is a BadMappingError.
 */
export function mapHeaders(
  headerCells: unknown[],
  mapping: ColumnMapping = {}
): { positions: Map<CensusField, number>; missing: string[] } {
  checkMappingColumns(mapping)
  const names = headerTexts(headerCells)
  const normalised = names.map(normaliseHeader)
  const positions = new Map<CensusField, number>()
  const takenBy = new Map<number, string>()
  for (const [census, fileColumn] of Object.entries(mapping)) {
    const column = BY_LABEL.get(normaliseHeader(census))!
    const index = normalised.indexOf(normaliseHeader(fileColumn))
    if (index < 0)
      throw new BadMappingError(
        `The column "${fileColumn}" chosen for ${column.header} is not in the file`
      )
    const other = takenBy.get(index)
    if (other)
      throw new BadMappingError(
        `The column "${names[index]}" is chosen for both ${other} and ${column.header}`
      )
    takenBy.set(index, column.header)
    positions.set(column.field, index)
  }
  for (const table of [BY_HEADER, BY_SYNONYM]) {
    normalised.forEach((name, index) => {
      const column = table.get(name)
      if (column && !positions.has(column.field) && !takenBy.has(index)) {
        positions.set(column.field, index)
        takenBy.set(index, column.header)
      }
    })
  }
  const missing = CENSUS_COLUMNS.filter(
    (column) => column.required && !positions.has(column.field)
  ).map((c) => c.header)
  return { positions, missing }
}
