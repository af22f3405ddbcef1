/*
| Census import benchmark (docs/benchmarks.md): 100,000 generated rows as CSV
| and XLSX on MariaDB. Preview against a bare streaming parse, import against
| LOAD DATA LOCAL INFILE, peak memory, and a re-import that changes nothing.
*/
import { execFile } from 'node:child_process'
import { mkdir } from 'node:fs/promises'
import { promisify } from 'node:util'
import { writeCensusCsv, writeCensusTsv, writeCensusXlsx } from './census_generator.js'
import { benchEnv, freshBenchDatabase } from './support/load_data.js'

const execFileAsync = promisify(execFile)
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000)
/** Runs per format, csv and xlsx alternating, each in a fresh process; medians are reported (the machine is shared). */
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const OUT = 'bench/out'
/** BENCH_FORMATS=csv measures one format only. */
const FORMATS = (process.env.BENCH_FORMATS ?? 'csv,xlsx').split(',')
/** Workers run compiled (build/), as the server and the CLI do in production. */
const WORKER = 'build/bench/workers/import_worker.js'

export async function run() {
  await mkdir(OUT, { recursive: true })
  const e = benchEnv(OUT)
  await freshBenchDatabase(e)
  await execFileAsync(process.execPath, ['scripts/build.mjs'])
  await writeCensusCsv(`${OUT}/census.csv`, ROWS)
  if (FORMATS.includes('xlsx')) await writeCensusXlsx(`${OUT}/census.xlsx`, ROWS)
  await writeCensusTsv(`${OUT}/census.tsv`, ROWS)

  const runs: Record<string, any[]> = Object.fromEntries(FORMATS.map((format) => [format, []]))
  for (let round = 0; round < RUNS; round++) {
    for (const format of FORMATS) {
      const { stdout } = await execFileAsync(
        process.execPath,
        ['--no-warnings', WORKER, format, `${OUT}/census.${format}`, `${OUT}/census.tsv`],
        { env: e, maxBuffer: 1 << 24 }
      )
      runs[format].push(JSON.parse(stdout.trim().split('\n').pop()!))
    }
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
  const ratio = (a: number, b: number) => (a / b).toFixed(2)
  console.log(
    `Medians of ${RUNS} runs per format (each run a fresh process); peak RSS is the highest of the runs.`
  )
  console.log(
    '| format | rows | bare parse | preview (×parse) | LOAD DATA | import (×LOAD DATA) | preview, all members (×parse) | re-import | unchanged | peak RSS (booted app) |'
  )
  console.log('|---|---|---|---|---|---|---|---|---|---|')
  const results = []
  for (const [format, list] of Object.entries(runs)) {
    const m = (key: string) => median(list.map((r) => r[key]))
    const r = {
      format,
      rows: list[0].rows,
      parseMs: m('parseMs'),
      previewMs: m('previewMs'),
      loadDataMs: m('loadDataMs'),
      importMs: m('importMs'),
      rePreviewMs: m('rePreviewMs'),
      reImportMs: m('reImportMs'),
      unchanged: list.every(
        (x) => x.unchangedOnReImport && x.reImported === 0 && x.imported === x.rows
      ),
      peakRssMb: Math.max(...list.map((x) => x.peakRssMb)),
      bootRssMb: m('bootRssMb'),
    }
    results.push(r)
    console.log(
      `| ${format} | ${r.rows} | ${r.parseMs} ms | ${r.previewMs} ms (${ratio(r.previewMs, r.parseMs)}) | ${r.loadDataMs} ms | ${r.importMs} ms (${ratio(r.importMs, r.loadDataMs)}) | ${r.rePreviewMs} ms (${ratio(r.rePreviewMs, r.parseMs)}) | ${r.reImportMs} ms | ${r.unchanged} | ${r.peakRssMb} MB (${r.bootRssMb} MB) |`
    )
  }
  for (const [format, list] of Object.entries(runs)) {
    console.log(
      `${format} per run: ${list.map((x) => `preview ×${ratio(x.previewMs, x.parseMs)}, import ×${ratio(x.importMs, x.loadDataMs)}, preview of members ×${ratio(x.rePreviewMs, x.parseMs)}, re-import ${x.reImportMs} ms, peak ${x.peakRssMb} MB`).join(' | ')}`
    )
  }
  return results
}
