/*
| `npm run bench`: runs every benchmark file in this folder (each exports
| `run()`, which prints its own results and returns its table rows) one after
| the other, then every row again under the load average of the whole run. Rows
| of bench/support/report.ts carry their baseline (measured in the same run), the
| ratio, the load average and whether the target is met. Results are recorded by
| hand at the top of docs/benchmarks.md. Pass file names to run some only:
| `npm run bench -- import`.
*/
import { loadavg } from 'node:os'
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const folder = fileURLToPath(new URL('.', import.meta.url))
const only = process.argv.slice(2)
const files = readdirSync(folder)
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts' && !file.startsWith('_'))
  .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)))
  .sort()

const load = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(', ')
const started = load()
const tables: [string, unknown][] = []
for (const file of files) {
  console.log(`\n=== bench/${file} (load average ${load()})`)
  const bench = await import(new URL(file, import.meta.url).href)
  if (typeof bench.run === 'function') tables.push([file, await bench.run()])
}
console.log(
  `\n=== Summary: load average (1, 5, 15 min) ${started} at the start, ${load()} at the end`
)
for (const [file, rows] of tables) {
  if (!Array.isArray(rows)) continue
  console.log(`\nbench/${file}`)
  for (const row of rows) console.log(row)
}
process.exit(0)
