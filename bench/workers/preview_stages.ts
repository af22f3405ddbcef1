/*
| Where a census CSV preview's time goes (docs/benchmarks.md, "Census CSV
| preview: fourth pass"): `preview_stages.js <csv> <rounds>` times, interleaved round after
| round, the bare parse and each stage of the preview, first on an empty
| members table, then with every row a member: wall time, and CPU time of
| the process (every thread), which a shared machine's load does not
| inflate. Prints one JSON line.
*/
import { createReadStream } from 'node:fs'
import { parse } from 'fast-csv'
import { withApp } from '#cli/app'
import { truncateMembers } from '../support/load_data.js'

const [file, roundsText] = process.argv.slice(2)
const ROUNDS = Number(roundsText ?? 3)

async function timed(work: () => Promise<unknown>): Promise<[wall: number, cpu: number]> {
  const start = performance.now()
  const cpu = process.cpuUsage()
  await work()
  const used = process.cpuUsage(cpu)
  return [Math.round(performance.now() - start), Math.round((used.user + used.system) / 1000)]
}

async function bareParse() {
  let rows = 0
  for await (const _row of createReadStream(file).pipe(parse({ delimiter: ',', trim: true })))
    rows++
  return rows
}

await withApp(async () => {
  const { previewCensus, previewAnswer, importPreview, cleanDatabase, discardPreview } =
    await import('#modules/imports/index')
  const { readCensus } = await import('#modules/imports/census/reader')
  const { lineBatches } = await import('#modules/imports/census/line_batches')
  const times: Record<string, number[]> = {}
  const note = (name: string, [wall, cpu]: [number, number]) => {
    ;(times[name] ??= []).push(wall)
    ;(times[`${name} (cpu)`] ??= []).push(cpu)
  }
  const preview = async () => {
    const result = await previewCensus(file, 'bench.csv', 'bench')
    JSON.stringify(await previewAnswer(result))
    return result.cacheKey
  }
  await cleanDatabase('DELETE ALL DATA', 'bench')
  await truncateMembers()
  let key = ''
  for (const state of ['empty', 'members']) {
    if (state === 'members') {
      await importPreview(key, 'bench', 'bench')
      key = ''
    }
    for (let round = 0; round < ROUNDS; round++) {
      note('parse', await timed(bareParse))
      note(
        'lines, reading thread',
        await timed(async () => {
          for await (const _ of (await readCensus(file)).batches);
        })
      )
      note(
        'lines, one thread',
        await timed(async () => {
          for await (const _ of lineBatches(file, 'csv'));
        })
      )
      note(
        `preview, ${state}`,
        await timed(async () => {
          const next = await preview()
          if (key) await discardPreview(key)
          key = next
        })
      )
    }
  }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
  console.log(
    JSON.stringify(
      Object.fromEntries(
        Object.entries(times).map(([name, list]) => [name, { median: median(list), runs: list }])
      )
    )
  )
})
process.exit(0)
