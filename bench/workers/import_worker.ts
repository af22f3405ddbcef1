/*
| One run of one format of the import benchmark, in its own process so that
| its peak memory is its own: `import_worker.ts <csv|xlsx> <file> <tsv>`.
| Prints one JSON line of measurements.
*/
import { createReadStream } from 'node:fs'
import { parse } from 'fast-csv'
import ExcelJS from 'exceljs'
import { withApp } from '#cli/app'
import { loadDataInfile, truncateMembers } from '../support/load_data.js'

const [format, file, tsv] = process.argv.slice(2)

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now()
  const value = await work()
  return { ms: Math.round(performance.now() - start), value }
}

/** The same library, the same file, nothing but counting rows. */
async function bareParse() {
  let rows = 0
  if (format === 'csv') {
    for await (const _row of createReadStream(file).pipe(parse({ delimiter: ',', trim: true })))
      rows++
  } else {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'emit',
    })
    for await (const sheet of reader) {
      for await (const _row of sheet as AsyncIterable<unknown>) rows++
      break
    }
  }
  return rows
}

await withApp(async () => {
  const bootRssMb = Math.round(process.memoryUsage().rss / 1048576)
  const db = (await import('@adonisjs/lucid/services/db')).default
  const { previewCensus, previewAnswer, importPreview, cleanDatabase } = await import(
    '#modules/imports/index'
  )
  /** What POST /api/admin/data/preview does: read and check the file, then produce the whole JSON answer. */
  const previewWithAnswer = async () => {
    const preview = await previewCensus(file, `bench.${format}`, 'bench')
    const bytes = Buffer.byteLength(JSON.stringify(await previewAnswer(preview)))
    return { cacheKey: preview.cacheKey, bytes }
  }
  // The demo data references members; it goes the way the Import Data screen would remove it.
  await cleanDatabase('DELETE ALL DATA', 'bench')
  await truncateMembers()
  const parsed = await timed(bareParse)
  const preview = await timed(previewWithAnswer)
  const loadData = await timed(() => loadDataInfile(tsv))
  await truncateMembers()
  const firstImport = await timed(() => importPreview(preview.value.cacheKey, 'bench', 'bench'))
  const checksumBefore = await db.rawQuery('CHECKSUM TABLE members')
  // Every row is a member now: the preview's dry run finds each one and compares its fields.
  const secondPreview = await timed(previewWithAnswer)
  const reImport = await timed(() => importPreview(secondPreview.value.cacheKey, 'bench', 'bench'))
  const checksumAfter = await db.rawQuery('CHECKSUM TABLE members')
  const members = Number((await db.from('members').count('* as n').first()).n)
  console.log(
    JSON.stringify({
      format,
      rows: parsed.value - 1,
      parseMs: parsed.ms,
      previewMs: preview.ms,
      rePreviewMs: secondPreview.ms,
      loadDataMs: loadData.ms,
      importMs: firstImport.ms,
      reImportMs: reImport.ms,
      answerMb: Math.round(preview.value.bytes / 1048576),
      imported: firstImport.value.membersImported,
      reImported: reImport.value.membersImported + reImport.value.membersUpdated,
      unchangedOnReImport: JSON.stringify(checksumBefore[0]) === JSON.stringify(checksumAfter[0]),
      members,
      bootRssMb,
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    })
  )
})
process.exit(0)
