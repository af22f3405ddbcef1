/// <reference lib="dom" />
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { Setting, settingsService } from '#modules/settings/index'
import { isolateEachTest } from '#tests/helpers/database'
import { newPage, screenshot } from '#tests/helpers/browser'
import { loginAsAdmin } from '#tests/helpers/browser_sessions'
import { seedBackofficeData } from '#tests/helpers/backoffice_data'
import { sidewaysOverflow } from '#tests/helpers/page_checks'

const CHARTS = ['chart-status', 'chart-revenue', 'chart-per-day']

/** The chart's 30 days in the TIMEZONE setting's calendar (UTC in the tests), oldest first. */
const chartDays = () =>
  Array.from({ length: 30 }, (_, index) => DateTime.utc().minus({ days: 29 - index }))

// axe and HTML_CodeSniffer on the Dashboard with its three tables shown: matrix_finance.spec.ts.
test.group('Back-office dashboard charts', (group) => {
  isolateEachTest(group)
  group.each.setup(() => () => settingsService.clearCache())

  for (const width of [1280, 390]) {
    test(`at ${width} px the three charts are drawn with their data tables, and nothing scrolls sideways`, async ({
      assert,
      cleanup,
    }) => {
      await seedBackofficeData()
      // A DATE_FORMAT that is neither the default nor ISO: the axis, the summary and the table follow it.
      await Setting.query()
        .where('setting_key', 'DATE_FORMAT')
        .update({ setting_value: 'MM/DD/YYYY' })
      settingsService.clearCache()
      // DATE_FORMAT is read once per page load (FormattingProvider): a page of its own, loaded after
      // the change (the kept page of adminScreen would keep the format it read for the tests after
      // this one), at the tested width from the start, as a phone opens it (its menu closed).
      const { context, page } = await newPage({ viewport: { width, height: 900 } })
      cleanup(() => context.close())
      await loginAsAdmin(page)
      for (const chart of CHARTS) await page.getByTestId(chart).locator('svg').first().waitFor()

      for (const chart of CHARTS) {
        const card = page.getByTestId(chart)
        // The drawing: an SVG with marks in it, described by its caption (aria-describedby).
        assert.isAbove(await card.locator('svg path, svg rect').count(), 0, chart)
        const summaryId = await card.locator('figure').getAttribute('aria-describedby')
        assert.equal(
          await page.locator(`[id="${summaryId}"]`).getAttribute('data-testid'),
          `${chart}-summary`
        )
      }
      // seedBackofficeData with the demo: 5 migrations (1 pending, 2 completed, 2 failed), paid USD 200 and
      // EUR 230 (USD 250) plus the demo's completed migration paid EUR 2,652 (USD 2,826.09).
      const summary = async (chart: string) =>
        ((await page.getByTestId(`${chart}-summary`).textContent()) ?? '').replace(/\s+/g, ' ')
      assert.equal(
        await summary('chart-status'),
        'Pending 1 · Processing 0 · Completed 2 · Completed with warnings 0 · Failed 2 · Cancelled 0 · Expired 0.'
      )
      assert.equal(await summary('chart-revenue'), 'EUR 2,882.00 (USD 3,076.09) · USD 200.00.')
      const days = chartDays()
      assert.match(
        await summary('chart-per-day'),
        // The busiest day in DATE_FORMAT (MM/DD/YYYY here), not ISO nor the default DD.MM.YYYY.
        /^Last 30 days \(UTC\): 5 started, 2 completed; most started on \d\d\/\d\d\/\d{4} \(\d+\)\.$/
      )
      // Every fifth day is labelled on the axis, without its year.
      assert.deepEqual(
        await page
          .getByTestId('chart-per-day')
          .locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel')
          .allTextContents(),
        days.filter((_, index) => index % 5 === 4).map((day) => day.toFormat('MM/dd'))
      )

      // "Show table" puts every value on the screen as a table.
      const rows = async (chart: string) => {
        await page.getByTestId(chart).getByRole('button', { name: 'Show table' }).click()
        await page.getByTestId(chart).getByRole('button', { name: 'Hide table' }).waitFor()
        return (await page.getByTestId(`${chart}-table`).locator('tbody tr').allTextContents()).map(
          (row) => row.replace(/\s+/g, ' ')
        )
      }
      assert.deepEqual(await rows('chart-status'), [
        'Pending1',
        'Processing0',
        'Completed2',
        'Completed with warnings0',
        'Failed2',
        'Cancelled0',
        'Expired0',
      ])
      assert.deepEqual(await rows('chart-revenue'), [
        'EUREUR 2,882.00USD 3,076.09',
        'USDUSD 200.00USD 200.00',
      ])
      assert.deepEqual(
        (await rows('chart-per-day')).map((row) => row.slice(0, 10)),
        days.map((day) => day.toFormat('MM/dd/yyyy'))
      )
      await page.getByTestId('chart-per-day').scrollIntoViewIfNeeded()
      await screenshot(page, `ops-dashboard-charts-${width}`)
      assert.deepEqual(await sidewaysOverflow(page), [])
    })
  }
})
