/*
| `npm run bench`: runs the run() of every bench/*.ts file but this one.
*/
import { readdir } from 'node:fs/promises'

const here = new URL('./', import.meta.url)
for (const name of (await readdir(here)).filter((file) => file.endsWith('.ts') && file !== 'index.ts').sort()) {
  console.log(`== bench/${name}`)
  const bench = await import(new URL(name, here).href)
  if (typeof bench.run === 'function') await bench.run()
}
