// '.js': the backend's type check (NodeNext) also reads this file, through tests/unit/backoffice.
import type { IssuedLink, UnmigratedUser } from './types.js'
import { csvField, neutralise } from '../../../../../shared_data/spreadsheet_cells.js'

export { neutralise }

/** Export columns of admin-backoffice.md §9, in order. */
export const EXPORT_COLUMNS = [
  'Member ID',
  'Full Name',
  'Email',
  'Birth Year',
  'Product',
  'Plan',
  'Policy Start',
  'Policy End',
  'Secure Login Link',
] as const

/** The export rows: one array of cell texts per user, neutralised. */
export function exportRows(users: UnmigratedUser[], links: Map<number, IssuedLink>): string[][] {
  return users.map((user) =>
    [
      user.member_id ?? '',
      user.insured_full_name,
      user.email ?? '',
      user.date_of_birth ? user.date_of_birth.slice(0, 4) : '',
      user.product_name ?? '',
      user.plan_name ?? '',
      user.policy_start_date ?? '',
      user.policy_end_date ?? '',
      links.get(user.id)?.secureLink ?? '',
    ].map(neutralise)
  )
}

/** RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled, lines end with CRLF. */
export function toCsv(rows: string[][]): string {
  return (
    [[...EXPORT_COLUMNS], ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n'
  )
}

export async function toXlsx(rows: string[][]): Promise<Blob> {
  const { default: ExcelJS } = await import('exceljs')
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Unmigrated Users')
  sheet.columns = EXPORT_COLUMNS.map((header) => ({
    header,
    width: header === 'Secure Login Link' ? 60 : 20,
  }))
  sheet.getRow(1).font = { bold: true }
  // Every cell is written as text, so nothing a member typed becomes a formula.
  sheet.addRows(rows)
  const buffer = await workbook.xlsx.writeBuffer()
  return new Blob([buffer], {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  })
}

/** unmigrated_users_{YYYY-MM-DD}.{ext}, with the admin's local date (docs/backoffice.md). */
export function exportFileName(extension: 'csv' | 'xlsx', now = new Date()): string {
  const date = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
    .map((part) => String(part).padStart(2, '0'))
    .join('-')
  return `unmigrated_users_${date}.${extension}`
}

export function download(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob)
  const anchor = Object.assign(document.createElement('a'), { href: url, download: fileName })
  document.body.appendChild(anchor)
  anchor.click()
  anchor.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

export function csvBlob(rows: string[][]): Blob {
  // The BOM lets spreadsheet programs read UTF-8 names correctly.
  return new Blob(['\uFEFF', toCsv(rows)], { type: 'text/csv;charset=utf-8' })
}
