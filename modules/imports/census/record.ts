import type { MemberRole } from '#modules/members/index'
import { CENSUS_COLUMNS, type CensusField } from './columns.js'
import { cellText, isEmail, parseAmount, parseCensusDate, parseGender, parseRole, type Cell } from './values.js'

/** A census line turned into the members table's values (dates YYYY-MM-DD). */
export interface CensusRecord {
  row: number
  member_id: string
  insured_full_name: string
  date_of_birth: string
  insured_role: MemberRole
  residence_country: string | null
  principal_name: string | null
  principal_person_id: string | null
  person_id: string | null
  product_name: string | null
  email: string | null
  plan_name: string | null
  gender: string | null
  citizenship: string | null
  sum_insured: number | null
  final_premium: number | null
  premium_currency: string | null
  policy_start_date: string | null
  policy_end_date: string | null
}

/** The record fields the preview screen shows (admin-backoffice.md §3). */
export interface PreviewRecord {
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

export interface ParsedLine {
  record: CensusRecord | null
  view: PreviewRecord
  /** Problems that skip the record. */
  errors: string[]
  /** Problems that only drop one value. */
  warnings: string[]
}

const TEXT_FIELDS: CensusField[] = ['residence_country', 'principal_name', 'principal_person_id', 'person_id', 'product_name', 'plan_name', 'citizenship']
const LABEL = new Map(CENSUS_COLUMNS.map((column) => [column.field, column]))

/** Validates one census line; never throws. */
export function parseLine(row: number, cells: Cell[], positions: Map<CensusField, number>, todayIso: string): ParsedLine {
  const raw = (field: CensusField): Cell => {
    const index = positions.get(field)
    return index === undefined ? null : cells[index]
  }
  const text = (field: CensusField) => cellText(raw(field))
  const errors: string[] = []
  const warnings: string[] = []

  const memberId = text('member_id')
  const name = text('insured_full_name')
  const role = parseRole(raw('insured_role'))
  const dateOfBirth = parseCensusDate(raw('date_of_birth'))

  if (!memberId) errors.push('Member ID is missing')
  if (!name) errors.push('Name is missing')
  if (!text('date_of_birth')) errors.push('Date of Birth is missing')
  else if (!dateOfBirth) errors.push(`Date of Birth "${text('date_of_birth')}" is not a valid date (DD.MM.YYYY or YYYY-MM-DD)`)
  else if (dateOfBirth > todayIso) errors.push(`Date of Birth ${dateOfBirth} is in the future`)
  if (!text('insured_role')) errors.push('Role is missing')
  else if (!role) errors.push(`Role "${text('insured_role')}" is unknown (Principal, Spouse, Child or Dependent)`)
  if (role && role !== 'Principal' && !text('principal_person_id')) errors.push('Dependant without Principal Person ID')

  for (const field of ['member_id', 'insured_full_name', ...TEXT_FIELDS] as CensusField[]) {
    const column = LABEL.get(field)!
    if (text(field).length > column.maxLength) errors.push(`${column.header} is longer than ${column.maxLength} characters`)
  }

  const optionalDate = (field: CensusField) => {
    if (!text(field)) return null
    const value = parseCensusDate(raw(field))
    if (!value) errors.push(`${LABEL.get(field)!.header} "${text(field)}" is not a valid date`)
    return value
  }
  const amount = (field: CensusField) => {
    const value = parseAmount(raw(field))
    if (value === undefined) errors.push(`${LABEL.get(field)!.header} "${text(field)}" is not an amount`)
    else if (value !== null && (value < 0 || value >= 1e12)) errors.push(`${LABEL.get(field)!.header} ${value} is out of range`)
    return value ?? null
  }
  const policyStart = optionalDate('policy_start_date')
  const policyEnd = optionalDate('policy_end_date')
  const sumInsured = amount('sum_insured')
  const finalPremium = amount('final_premium')

  const currency = text('premium_currency').toUpperCase() || null
  if (currency && !/^[A-Z]{3}$/.test(currency)) errors.push(`Premium Currency "${text('premium_currency')}" is not a 3-letter code`)

  let email: string | null = text('email') || null
  if (email && (!isEmail(email) || email.length > 254)) {
    warnings.push(`Email "${email}" is not a valid address and was left empty`)
    email = null
  }
  let gender: string | null = null
  if (text('gender')) {
    gender = parseGender(raw('gender'))
    if (!gender) warnings.push(`Gender "${text('gender')}" is unknown and was left empty`)
  }

  const view: PreviewRecord = {
    row,
    name,
    memberId,
    dateOfBirth: dateOfBirth ?? text('date_of_birth'),
    role: role ?? text('insured_role'),
    residenceCountry: text('residence_country'),
    principalName: text('principal_name'),
    principalPersonId: text('principal_person_id'),
    personId: text('person_id'),
    product: text('product_name'),
    email: email ?? '',
  }
  if (errors.length > 0) return { record: null, view, errors, warnings }

  const optionalText = (field: CensusField) => text(field) || null
  const record: CensusRecord = {
    row,
    member_id: memberId,
    insured_full_name: name,
    date_of_birth: dateOfBirth!,
    insured_role: role!,
    residence_country: optionalText('residence_country'),
    principal_name: role === 'Principal' ? null : optionalText('principal_name'),
    principal_person_id: role === 'Principal' ? null : optionalText('principal_person_id'),
    person_id: optionalText('person_id'),
    product_name: optionalText('product_name'),
    email,
    plan_name: optionalText('plan_name'),
    gender,
    citizenship: optionalText('citizenship'),
    sum_insured: sumInsured,
    final_premium: finalPremium,
    premium_currency: currency,
    policy_start_date: policyStart,
    policy_end_date: policyEnd,
  }
  return { record, view, errors, warnings }
}

/** True when every cell is empty (blank lines are skipped silently). */
export function isBlankLine(cells: Cell[]) {
  return cells.every((cell) => cellText(cell) === '')
}
