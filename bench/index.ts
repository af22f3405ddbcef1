/*
| `npm run bench`: runs every benchmark file in this folder (each exports
| `run()`, which prints its own results) one after the other. Results are
| recorded by hand in docs/benchmarks.md. Pass file names to run some only:
| `npm run bench -- import`.
*/
import { readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const folder = fileURLToPath(new URL('.', import.meta.url))
const only = process.argv.slice(2)
const files = readdirSync(folder)
  .filter((file) => file.endsWith('.ts') && file !== 'index.ts' && !file.startsWith('_'))
  .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)))
  .sort()

for (const file of files) {
  console.log(`\n=== bench/${file}`)
  const bench = await import(new URL(file, import.meta.url).href)
  if (typeof bench.run === 'function') await bench.run()
}
process.exit(0)
