import { test } from '@japa/runner'
import { censusCsv, familyRows, writeTmpFile } from '#tests/helpers/census_files'
import { readCensus } from '#modules/imports/census/reader'
import { lineBatches, LINES_PER_BATCH, type CensusLine } from '#modules/imports/census/line_batches'

async function collect(batches: AsyncGenerator<CensusLine[]>) {
  const lines: CensusLine[] = []
  const sizes: number[] = []
  for await (const batch of batches) {
    lines.push(...batch)
    sizes.push(batch.length)
  }
  return { lines, sizes }
}

/** `count` families of a principal and a spouse. */
const families = (count: number) =>
  Array.from({ length: count }, (_, index) => familyRows(`F${index}`)).flat()

const activeWorkers = () =>
  process.getActiveResourcesInfo().filter((name) => name === 'Worker' || name === 'MessagePort')
    .length

test.group('Census reader (CSV in the reading thread)', () => {
  test('hands over every line of a CSV in order, as the same parser does in this thread', async ({
    assert,
  }) => {
    const rows = families(700)
    const path = await writeTmpFile(
      'reader-thread.csv',
      censusCsv(rows, { delimiter: ';', bom: true })
    )
    const { kind, batches } = await readCensus(path)
    assert.equal(kind, 'csv')
    const threaded = await collect(batches)
    const local = await collect(lineBatches(path, 'csv'))
    assert.deepEqual(threaded.lines, local.lines)
    assert.equal(threaded.lines.length, 1 + rows.length)
    assert.deepEqual(threaded.lines[1].cells, rows[0])
    assert.deepEqual(threaded.lines.map((line) => line.row).slice(0, 3), [1, 2, 3])
    assert.isTrue(threaded.sizes.every((size) => size <= LINES_PER_BATCH))
  })

  test('a quoted line break across a batch boundary and a last batch that is not full arrive as one line each', async ({
    assert,
  }) => {
    const rows = families(80)
    // Line 100 ends a batch in the thread: its name holds a line break, so the record spans two lines of the file.
    rows[98][1] = 'Two\nLines "quoted"'
    const path = await writeTmpFile('reader-thread-quoted.csv', censusCsv(rows))
    const threaded = await collect((await readCensus(path)).batches)
    assert.deepEqual(threaded.lines, (await collect(lineBatches(path, 'csv'))).lines)
    assert.equal(threaded.lines.length, 1 + rows.length)
    assert.equal(threaded.lines[99].cells[1], 'Two\nLines "quoted"')
    assert.deepEqual(threaded.lines[100].cells, rows[99])
    assert.deepEqual(threaded.sizes, [LINES_PER_BATCH, LINES_PER_BATCH, 241 - 2 * LINES_PER_BATCH])
  })

  test('a parse error in the thread is thrown to the reader', async ({ assert }) => {
    const path = await writeTmpFile(
      'reader-thread-bad.csv',
      'Member ID,Name\n"A-1,Someone\nA-2,Other\n'
    )
    const { batches } = await readCensus(path)
    await assert.rejects(() => collect(batches), /missing closing: '"'/)
  })

  test('stopping after the first batch stops the thread', async ({ assert }) => {
    const before = activeWorkers()
    const path = await writeTmpFile('reader-thread-stop.csv', censusCsv(families(2000)))
    const { batches } = await readCensus(path)
    const first = await batches.next()
    assert.equal((first.value as CensusLine[]).length, LINES_PER_BATCH)
    assert.isAbove(activeWorkers(), before)
    await batches.return(undefined)
    assert.equal(activeWorkers(), before)
  })
})
