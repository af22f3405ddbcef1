import { test } from '@japa/runner'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { CsvRecordGuard, CensusLimitError } from '#modules/imports/census/csv_guard'
import { checkXlsxBudget } from '#modules/imports/census/xlsx_guard'
import { CENSUS_GENDERS, CENSUS_ROLES } from '#modules/imports/census/values'
import { CSV_LINE_TOO_LONG, XLSX_TOO_MANY_STRINGS } from '#modules/imports/census/limits'
import { runCappedThread } from '#modules/imports/services/capped_thread'
import { threadEntry } from '#modules/imports/census/thread_entry'
import { GENDERS, MEMBER_ROLES } from '#modules/members/index'
import type { ApiError } from '#modules/shared/index'
import { censusXlsx, familyRows, writeTmpFile } from '#tests/helpers/census_files'
import { xlsxBomb } from '#tests/helpers/hostile_files'

const guarded = (parts: string[], limit: number) =>
  text(Readable.from(parts.map((part) => Buffer.from(part))).pipe(new CsvRecordGuard(limit)))

const messages = {
  tooDemanding: 'too demanding',
  tooSlow: 'too slow',
  cancelled: 'cancelled',
  failed: 'failed',
}
const fixture = (name: string) => threadEntry(`fixtures/${name}`, import.meta.url)
const activeWorkers = () =>
  process.getActiveResourcesInfo().filter((name) => name === 'Worker').length

test.group('Census reading limits', () => {
  test('the CSV guard passes records up to the limit, line breaks inside quotes included, and stops at the first longer one', async ({
    assert,
  }) => {
    assert.equal(await guarded(['abc\n', 'de', 'f\nghi'], 4), 'abc\ndef\nghi')
    assert.equal(await guarded(['"a\nb"\n', 'c\n'], 6), '"a\nb"\nc\n')
    await assert.rejects(() => guarded(['"a\nb\nc"\n'], 6), CSV_LINE_TOO_LONG)
    await assert.rejects(() => guarded(['ab', 'cd', 'ef\n'], 4), CSV_LINE_TOO_LONG)
    // "" inside quotes toggles twice: the line break after the field still ends the record.
    assert.equal(await guarded(['"a""b"\n', '12345\n'], 7), '"a""b"\n12345\n')
  })

  test('a 20 MB line is refused after the first 64 KB: the rest of the file is never read', async ({
    assert,
  }) => {
    // 320 chunks of 64 KB without a line break: the guard must stop at the second, whatever the machine's
    // speed (a count, not a clock: the test command shares its cores). Readable.from reads up to 16 ahead.
    let chunksRead = 0
    const chunks = (function* () {
      for (let index = 0; index < 320; index++) {
        chunksRead++
        yield Buffer.alloc(64 * 1024, 'x')
      }
    })()
    const error = await text(Readable.from(chunks).pipe(new CsvRecordGuard(64 * 1024))).catch(
      (caught) => caught
    )
    assert.instanceOf(error, CensusLimitError)
    assert.isAtMost(chunksRead, 18)
  })

  test('the XLSX budget passes a real census and refuses shared strings over it, declared or found while inflating', async ({
    assert,
  }) => {
    await checkXlsxBudget(await writeTmpFile('budget-ok.xlsx', await censusXlsx(familyRows('BDG'))))
    for (const lying of [false, true]) {
      const path = await writeTmpFile(
        `budget-bomb-${lying}.xlsx`,
        await xlsxBomb({ strings: 2_500_000, lying })
      )
      await assert.rejects(() => checkXlsxBudget(path), XLSX_TOO_MANY_STRINGS)
    }
  })

  test("the census roles and genders are the members table's", ({ assert }) => {
    assert.deepEqual([...CENSUS_ROLES], [...MEMBER_ROLES])
    assert.deepEqual([...CENSUS_GENDERS], [...GENDERS])
  })
})

test.group('Capped reading thread', () => {
  test('a thread over its heap limit ends with the 422 message; this process goes on', async ({
    assert,
  }) => {
    const before = activeWorkers()
    const error = (await runCappedThread(fixture('hungry_thread'), null, {
      heapMb: 32,
      cpuLimitMs: 60_000,
      messages,
    }).catch((caught) => caught)) as ApiError
    assert.equal(error.message, 'too demanding')
    assert.equal(error.status, 422)
    assert.equal(activeWorkers(), before)
  }).timeout(60_000)

  test('a thread that runs out of memory while or after it is stopped ends no process', async ({
    assert,
  }) => {
    // Before startThread the listeners were removed before terminate(): a thread that answered,
    // then ran out of memory before it was stopped, raised an unhandled 'error' event and this
    // process exited. The progress handler keeps this event loop busy (a loaded server) while
    // the thread fills its heap; each wait lets it get further. About 2 s in all.
    for (const busyMs of [5, 10, 20, 40, 80, 160, 320]) {
      const answer = await runCappedThread(fixture('late_hungry_thread'), null, {
        heapMb: 16,
        cpuLimitMs: 60_000,
        messages,
        onProgress: () => {
          const spinning = performance.now()
          while (performance.now() - spinning < busyMs);
        },
      })
      assert.deepEqual(answer, { answer: 'given' })
    }
    // Late errors of the threads already stopped would arrive now.
    await new Promise((resolve) => setTimeout(resolve, 500))
  }).timeout(90_000)

  test('the CPU-time limit ends a thread that computes; a thread that waits (a busy machine) is not refused', async ({
    assert,
  }) => {
    const before = activeWorkers()
    // 1.5 s without CPU, above a 400 ms limit: a clock limit refused it, a work limit answers.
    const waited = await runCappedThread(fixture('waiting_thread'), null, {
      heapMb: 32,
      cpuLimitMs: 400,
      messages,
    })
    assert.deepEqual(waited, { answer: 'waited' })
    // The thread's start (the swc loader) counts too: 2 s of CPU is well above it; ~3 s of the test.
    await assert.rejects(
      () =>
        runCappedThread(fixture('spinning_thread'), null, {
          heapMb: 32,
          cpuLimitMs: 2_000,
          messages,
        }),
      'too slow'
    )
    assert.equal(activeWorkers(), before)
  }).timeout(60_000)

  test('an abort ends the thread', async ({ assert }) => {
    const before = activeWorkers()
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 300)
    await assert.rejects(
      () =>
        runCappedThread(fixture('idle_thread'), null, {
          heapMb: 32,
          cpuLimitMs: 60_000,
          signal: controller.signal,
          messages,
        }),
      'cancelled'
    )
    assert.equal(activeWorkers(), before)
  }).timeout(60_000)
})
