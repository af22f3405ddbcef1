/// <reference lib="dom" />
/**
 * The Unmigrated Users screen's XLSX export, driven in Debian's Chromium:
 * sign in on /admin/login, open /admin/unmigrated-users, wait for the list
 * of `rows` users, then click "Export XLSX" and time click → download saved
 * (Playwright's download.path() resolves once the file is complete); again
 * after "Generate Links" filled the link column.
 */
import { stat } from 'node:fs/promises'
import ExcelJS from 'exceljs'
import { chromium, type Page } from 'playwright-core'
import { sample } from './stats.js'

export interface ExportMeasurement {
  /** From navigation to the list showing its rows (the list request included). */
  screenLoadMs: number
  withoutLinks: number[]
  withLinks: number[]
  /** Rows and columns of one downloaded file, read back with exceljs. */
  checked: { rows: number; header: string[]; linkCells: number; bytes: number }
}

/**
 * One export: a real click event on the button, dispatched in the page. Not
 * Playwright's click(), whose actionability checks (the button's box stable
 * over animation frames) cost seconds of layout on a 10,000-row table and
 * are not part of what the person clicking waits for.
 */
async function exportOnce(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByTestId('export-xlsx').evaluate((button: HTMLElement) => button.click()),
  ])
  const path = await download.path()
  return { path, name: download.suggestedFilename(), download }
}

async function readBack(path: string) {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.readFile(path)
  const sheet = workbook.worksheets[0]
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String)
  let linkCells = 0
  sheet.eachRow((row, number) => {
    if (number > 1 && String(row.getCell(9).value ?? '').includes('/shop/login?token=')) linkCells++
  })
  const { size } = await stat(path)
  return { rows: sheet.rowCount - 1, header, linkCells, bytes: size }
}

export async function measureXlsxExport(options: {
  baseUrl: string
  username: string
  password: string
  rows: number
  warmUp: number
  samples: number
}): Promise<ExportMeasurement> {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  })
  try {
    const context = await browser.newContext({
      baseURL: options.baseUrl,
      viewport: { width: 1400, height: 900 },
      acceptDownloads: true,
    })
    const page = await context.newPage()
    await page.goto('/admin/login')
    await page.getByTestId('admin-username').fill(options.username)
    await page.getByTestId('admin-password').fill(options.password)
    await page.getByTestId('admin-login-button').click()
    await page.waitForURL('**/admin/dashboard')

    const count = page.getByTestId('unmigrated-count')
    const start = performance.now()
    await page.goto('/admin/unmigrated-users')
    await count
      .filter({ hasText: new RegExp(`^${options.rows} of \\d+ users`) })
      .waitFor({ timeout: 60_000 })
    const screenLoadMs = performance.now() - start

    const exportAndDelete = async () => (await exportOnce(page)).download.delete()
    // Before each export the page is idle again: the previous export's toasts are gone.
    const settle = () =>
      page.waitForFunction(() => !document.querySelector('.notistack-MuiContent'), undefined, {
        timeout: 60_000,
      })
    const withoutLinks = await sample(exportAndDelete, options.warmUp, options.samples, settle)

    // "Generate Links" gives every listed user without a valid link a fresh one; the export then fills the link column.
    await page.getByTestId('generate-all-links').click()
    await page.getByText(/^Generated \d+ secure tokens/).waitFor({ timeout: 600_000 })
    await page.getByTestId('secure-link').first().waitFor()
    await page.waitForFunction(
      () => !document.querySelector('.MuiLinearProgress-root'),
      undefined,
      { timeout: 60_000 }
    )
    const withLinks = await sample(exportAndDelete, options.warmUp, options.samples, settle)

    const last = await exportOnce(page)
    if (!/^unmigrated_users_\d{4}-\d{2}-\d{2}\.xlsx$/.test(last.name))
      throw new Error(`Unexpected export file name ${last.name}`)
    const checked = await readBack(last.path)
    await last.download.delete()
    await context.close()
    return { screenLoadMs, withoutLinks, withLinks, checked }
  } finally {
    await browser.close()
  }
}
