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
  /** Problems that skip the record (null: none). */
  errors: string[] | null
  /** Problems that only drop one value (null: none). */
  warnings: string[] | null
}

/** Where each census field is in a file's lines (-1: no such column). */
export type ColumnPositions = Record<CensusField, number>

export function columnPositions(positions: Map<CensusField, number>): ColumnPositions {
  return Object.fromEntries(CENSUS_COLUMNS.map((column) => [column.field, positions.get(column.field) ?? -1])) as ColumnPositions
}

const LABEL = new Map(CENSUS_COLUMNS.map((column) => [column.field, column]))
const LENGTH_CHECKED: CensusField[] = ['member_id', 'insured_full_name', 'residence_country', 'principal_name', 'principal_person_id', 'person_id', 'product_name', 'plan_name', 'citizenship']

function textAt(cells: Cell[], index: number): string {
  return index < 0 ? '' : cellText(cells[index])
}

function cellAt(cells: Cell[], index: number): Cell {
  return index < 0 ? null : cells[index]
}

function add(list: string[] | null, message: string): string[] {
  if (list === null) return [message]
  list.push(message)
  return list
}

/**
 * Validates one census line; never throws. Each cell is read once: this
 * runs for every line of files of 100,000 lines.
 */
export function parseLine(row: number, cells: Cell[], at: ColumnPositions, todayIso: string): ParsedLine {
  let errors: string[] | null = null
  let warnings: string[] | null = null

  const memberId = textAt(cells, at.member_id)
  const name = textAt(cells, at.insured_full_name)
  const birthText = textAt(cells, at.date_of_birth)
  const roleText = textAt(cells, at.insured_role)
  const principalPersonId = textAt(cells, at.principal_person_id)
  const role = parseRole(roleText)
  const dateOfBirth = birthText ? parseCensusDate(cellAt(cells, at.date_of_birth)) : null

  if (!memberId) errors = add(errors, 'Member ID is missing')
  if (!name) errors = add(errors, 'Name is missing')
  if (!birthText) errors = add(errors, 'Date of Birth is missing')
  else if (!dateOfBirth) errors = add(errors, `Date of Birth "${birthText}" is not a valid date (DD.MM.YYYY or YYYY-MM-DD)`)
  else if (dateOfBirth > todayIso) errors = add(errors, `Date of Birth ${dateOfBirth} is in the future`)
  if (!roleText) errors = add(errors, 'Role is missing')
  else if (!role) errors = add(errors, `Role "${roleText}" is unknown (Principal, Spouse, Child or Dependent)`)
  if (role && role !== 'Principal' && !principalPersonId) errors = add(errors, 'Dependant without Principal Person ID')

  const texts: Partial<Record<CensusField, string>> = {}
  for (const field of LENGTH_CHECKED) {
    const value = field === 'member_id' ? memberId : field === 'insured_full_name' ? name : textAt(cells, at[field])
    texts[field] = value
    const column = LABEL.get(field)!
    if (value.length > column.maxLength) errors = add(errors, `${column.header} is longer than ${column.maxLength} characters`)
  }

  let policyStart: string | null = null
  let policyEnd: string | null = null
  for (const field of ['policy_start_date', 'policy_end_date'] as const) {
    const text = textAt(cells, at[field])
    if (!text) continue
    const value = parseCensusDate(cellAt(cells, at[field]))
    if (!value) errors = add(errors, `${LABEL.get(field)!.header} "${text}" is not a valid date`)
    if (field === 'policy_start_date') policyStart = value
    else policyEnd = value
  }
  let sumInsured: number | null = null
  let finalPremium: number | null = null
  for (const field of ['sum_insured', 'final_premium'] as const) {
    const cell = cellAt(cells, at[field])
    if (cell === null || cell === undefined || cell === '') continue
    const value = parseAmount(cell)
    if (value === undefined) errors = add(errors, `${LABEL.get(field)!.header} "${cellText(cell)}" is not an amount`)
    else if (value !== null && (value < 0 || value >= 1e12)) errors = add(errors, `${LABEL.get(field)!.header} ${value} is out of range`)
    if (field === 'sum_insured') sumInsured = value ?? null
    else finalPremium = value ?? null
  }

  const currencyText = textAt(cells, at.premium_currency)
  const currency = currencyText.toUpperCase() || null
  if (currency && !/^[A-Z]{3}$/.test(currency)) errors = add(errors, `Premium Currency "${currencyText}" is not a 3-letter code`)

  let email: string | null = textAt(cells, at.email) || null
  if (email && (!isEmail(email) || email.length > 254)) {
    warnings = add(warnings, `Email "${email}" is not a valid address and was left empty`)
    email = null
  }
  let gender: string | null = null
  const genderText = textAt(cells, at.gender)
  if (genderText) {
    gender = parseGender(genderText)
    if (!gender) warnings = add(warnings, `Gender "${genderText}" is unknown and was left empty`)
  }

  const view: PreviewRecord = {
    row,
    name,
    memberId,
    dateOfBirth: dateOfBirth ?? birthText,
    role: role ?? roleText,
    residenceCountry: texts.residence_country!,
    principalName: texts.principal_name!,
    principalPersonId,
    personId: texts.person_id!,
    product: texts.product_name!,
    email: email ?? '',
  }
  if (errors !== null) return { record: null, view, errors, warnings }

  const dependant = role !== 'Principal'
  const record: CensusRecord = {
    row,
    member_id: memberId,
    insured_full_name: name,
    date_of_birth: dateOfBirth!,
    insured_role: role!,
    residence_country: texts.residence_country || null,
    principal_name: dependant ? texts.principal_name || null : null,
    principal_person_id: dependant ? principalPersonId : null,
    person_id: texts.person_id || null,
    product_name: texts.product_name || null,
    email,
    plan_name: texts.plan_name || null,
    gender,
    citizenship: texts.citizenship || null,
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

/**
 * A record as the preview cache stores it: its values in a fixed order
 * (a third faster to write and read as JSON than an object with keys).
 */
export type RecordValues = unknown[]

export function recordValues(r: CensusRecord): RecordValues {
  return [
    r.row, r.member_id, r.insured_full_name, r.date_of_birth, r.insured_role, r.residence_country, r.principal_name,
    r.principal_person_id, r.person_id, r.product_name, r.email, r.plan_name, r.gender, r.citizenship, r.sum_insured,
    r.final_premium, r.premium_currency, r.policy_start_date, r.policy_end_date,
  ]
}

export function recordFromValues(v: any[]): CensusRecord {
  return {
    row: v[0], member_id: v[1], insured_full_name: v[2], date_of_birth: v[3], insured_role: v[4], residence_country: v[5],
    principal_name: v[6], principal_person_id: v[7], person_id: v[8], product_name: v[9], email: v[10], plan_name: v[11],
    gender: v[12], citizenship: v[13], sum_insured: v[14], final_premium: v[15], premium_currency: v[16],
    policy_start_date: v[17], policy_end_date: v[18],
  }
}
