import type { MemberRole } from '#modules/members/index'
import { CENSUS_COLUMNS, type CensusColumn, type CensusField } from './columns.js'
import {
  cellText,
  isEmail,
  parseAmount,
  parseCensusDate,
  parseGender,
  parseRole,
  type Cell,
} from './values.js'

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
  /** The valid record as the preview cache stores it (null: the line has errors). */
  record: RecordValues | null
  view: PreviewRecord
  /** Problems that skip the record (null: none). */
  errors: string[] | null
  /** Problems that only drop one value (null: none). */
  warnings: string[] | null
}

/** Where each census field is in a file's lines (-1: no such column). */
export type ColumnPositions = Record<CensusField, number>

export function columnPositions(positions: Map<CensusField, number>): ColumnPositions {
  return Object.fromEntries(
    CENSUS_COLUMNS.map((column) => [column.field, positions.get(column.field) ?? -1])
  ) as ColumnPositions
}

const LABEL = new Map(CENSUS_COLUMNS.map((column) => [column.field, column]))
const column = (field: CensusField) => LABEL.get(field)!
const C = {
  memberId: column('member_id'),
  name: column('insured_full_name'),
  country: column('residence_country'),
  principalName: column('principal_name'),
  principalPersonId: column('principal_person_id'),
  personId: column('person_id'),
  product: column('product_name'),
  plan: column('plan_name'),
  citizenship: column('citizenship'),
  policyStart: column('policy_start_date'),
  policyEnd: column('policy_end_date'),
  sumInsured: column('sum_insured'),
  finalPremium: column('final_premium'),
}

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

function checkLength(errors: string[] | null, value: string, col: CensusColumn): string[] | null {
  return value.length > col.maxLength
    ? add(errors, `${col.header} is longer than ${col.maxLength} characters`)
    : errors
}

function optionalDate(
  errors: string[] | null,
  cells: Cell[],
  index: number,
  col: CensusColumn
): { errors: string[] | null; value: string | null } {
  const text = textAt(cells, index)
  if (!text) return { errors, value: null }
  const value = parseCensusDate(cells[index])
  return {
    errors: value ? errors : add(errors, `${col.header} "${text}" is not a valid date`),
    value,
  }
}

function optionalAmount(
  errors: string[] | null,
  cells: Cell[],
  index: number,
  col: CensusColumn
): { errors: string[] | null; value: number | null } {
  const cell = cellAt(cells, index)
  if (cell === null || cell === undefined || cell === '') return { errors, value: null }
  const value = parseAmount(cell)
  if (value === undefined)
    return {
      errors: add(errors, `${col.header} "${cellText(cell)}" is not an amount`),
      value: null,
    }
  if (value !== null && (value < 0 || value >= 1e12))
    return { errors: add(errors, `${col.header} ${value} is out of range`), value }
  return { errors, value }
}

/**
 * Validates one census line; never throws. Each cell is read once: this
 * runs for every line of files of 100,000 lines.
 */
export function parseLine(
  row: number,
  cells: Cell[],
  at: ColumnPositions,
  todayIso: string
): ParsedLine {
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
  else if (!dateOfBirth)
    errors = add(
      errors,
      `Date of Birth "${birthText}" is not a valid date (DD.MM.YYYY or YYYY-MM-DD)`
    )
  else if (dateOfBirth > todayIso)
    errors = add(errors, `Date of Birth ${dateOfBirth} is in the future`)
  if (!roleText) errors = add(errors, 'Role is missing')
  else if (!role)
    errors = add(errors, `Role "${roleText}" is unknown (Principal, Spouse, Child or Dependent)`)
  if (role && role !== 'Principal' && !principalPersonId)
    errors = add(errors, 'Dependant without Principal Person ID')

  const country = textAt(cells, at.residence_country)
  const principalName = textAt(cells, at.principal_name)
  const personId = textAt(cells, at.person_id)
  const product = textAt(cells, at.product_name)
  const plan = textAt(cells, at.plan_name)
  const citizenship = textAt(cells, at.citizenship)
  errors = checkLength(errors, memberId, C.memberId)
  errors = checkLength(errors, name, C.name)
  errors = checkLength(errors, country, C.country)
  errors = checkLength(errors, principalName, C.principalName)
  errors = checkLength(errors, principalPersonId, C.principalPersonId)
  errors = checkLength(errors, personId, C.personId)
  errors = checkLength(errors, product, C.product)
  errors = checkLength(errors, plan, C.plan)
  errors = checkLength(errors, citizenship, C.citizenship)

  const policyStart = optionalDate(errors, cells, at.policy_start_date, C.policyStart)
  const policyEnd = optionalDate(policyStart.errors, cells, at.policy_end_date, C.policyEnd)
  const sumInsured = optionalAmount(policyEnd.errors, cells, at.sum_insured, C.sumInsured)
  const finalPremium = optionalAmount(sumInsured.errors, cells, at.final_premium, C.finalPremium)
  errors = finalPremium.errors

  const currencyText = textAt(cells, at.premium_currency)
  const currency = currencyText.toUpperCase() || null
  if (currency && !/^[A-Z]{3}$/.test(currency))
    errors = add(errors, `Premium Currency "${currencyText}" is not a 3-letter code`)

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
    residenceCountry: country,
    principalName,
    principalPersonId,
    personId,
    product,
    email: email ?? '',
  }
  if (errors !== null) return { record: null, view, errors, warnings }

  const dependant = role !== 'Principal'
  const record: RecordValues = [
    row,
    memberId,
    name,
    dateOfBirth!,
    role!,
    country || null,
    dependant ? principalName || null : null,
    dependant ? principalPersonId : null,
    personId || null,
    product || null,
    email,
    plan || null,
    gender,
    citizenship || null,
    sumInsured.value,
    finalPremium.value,
    currency,
    policyStart.value,
    policyEnd.value,
  ]
  return { record, view, errors, warnings }
}

/** True when every cell is empty (blank lines are skipped silently). */
export function isBlankLine(cells: Cell[]) {
  return cells.every((cell) => cellText(cell) === '')
}

/**
 * A record as the preview cache stores it: its values in CensusRecord's
 * order (a third faster to write and read as JSON than an object with
 * keys, and one object less per line).
 */
export type RecordValues = [
  row: number,
  member_id: string,
  insured_full_name: string,
  date_of_birth: string,
  insured_role: MemberRole,
  residence_country: string | null,
  principal_name: string | null,
  principal_person_id: string | null,
  person_id: string | null,
  product_name: string | null,
  email: string | null,
  plan_name: string | null,
  gender: string | null,
  citizenship: string | null,
  sum_insured: number | null,
  final_premium: number | null,
  premium_currency: string | null,
  policy_start_date: string | null,
  policy_end_date: string | null,
]

export function recordFromValues(v: RecordValues): CensusRecord {
  return {
    row: v[0],
    member_id: v[1],
    insured_full_name: v[2],
    date_of_birth: v[3],
    insured_role: v[4],
    residence_country: v[5],
    principal_name: v[6],
    principal_person_id: v[7],
    person_id: v[8],
    product_name: v[9],
    email: v[10],
    plan_name: v[11],
    gender: v[12],
    citizenship: v[13],
    sum_insured: v[14],
    final_premium: v[15],
    premium_currency: v[16],
    policy_start_date: v[17],
    policy_end_date: v[18],
  }
}
