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
}

export interface ImportResult {
  membersImported: number
  membersUpdated: number
  membersUnchanged: number
  newProductsAdded: number
  errors: string[]
}

export interface DatabaseStats {
  members: number
  migrations: number
  subscriptions: number
  products: number
}
