export interface ImportRecord {
  row: number
  name: string
  memberId: string
  dateOfBirth: string
  role: string
  residenceCountry: string
  principalName: string
  principalPersonId: string
  personId: string
  product: string
  email: string
}

export interface ImportPreview {
  totalRecords: number
  uniqueMembers: number
  products: string[]
  sampleRecords: ImportRecord[]
  /** The file's first records (at most 500); View All pages through every one. */
  allRecords: ImportRecord[]
  validationWarnings: string[]
  invalidRecords: number
  counts: PreviewCounts
}

export interface ImportResult {
  membersImported: number
  membersUpdated: number
  membersUnchanged: number
  membersSkipped: number
  newProductsAdded: number
  errors: string[]
}

export interface DatabaseStats {
  members: number
  migrations: number
  subscriptions: number
  products: number
}

/** What confirming a preview will do (the server's dry run). */
export interface PreviewCounts {
  new: number
  updated: number
  unchanged: number
  skipped: number
}

/** The preview's answer when required columns are missing: the mapping step's question. */
export interface ColumnsQuestion {
  missingColumns: string[]
  fileColumns: string[]
}
