import { test } from '@japa/runner'
import { CookieClient } from '#tests/helpers/cookie_client'
import { TEST_ADMIN } from '#tests/helpers/database'
import { oneLineCsv, xlsxBomb } from '#tests/helpers/hostile_files'
import { withoutRequestId } from '#tests/helpers/api_contract'

const CSV_LINE_TOO_LONG =
  'The file has a line longer than 64 KB, so it was not read. Please check that it is a valid CSV file.'
const XLSX_TOO_MANY_STRINGS =
  'The XLSX file holds more than 2,000,000 texts or 128 MB of text, so it was not read. Please split it or save it as CSV.'

/*
| Hostile census files: refused with a 422 by the preview's capped
| reading thread, for less than 5 s of this process's CPU (the server runs in
| it: process.cpuUsage counts its threads), while the server keeps answering.
| The CPU, not the clock: the test command shares 2 cores, so
| the wall time only bounds a hang (HANG_MS). No
| database transaction is opened: nothing is written, and the requests run
| on the real server side by side.
*/

const CPU_MS = 5_000
/** Ends a test that would hang; the wall time of a loaded machine is not what is measured. */
const HANG_MS = 60_000

/** CPU time this process (the server and its threads) used since `since`, in ms. */
const cpuMsSince = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1000
}

async function signedIn() {
  const admin = new CookieClient()
  const login = await admin.post('/api/admin/login', TEST_ADMIN)
  if (login.status !== 200) throw new Error(`login failed: ${login.text}`)
  return admin
}

/** The answer, or a 0 status once `ms` passed (so a test that would hang ends on time). */
async function within<T extends { status: number }>(
  ms: number,
  request: Promise<T>
): Promise<T | { status: 0; body: null; text: 'timed out' }> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<{ status: 0; body: null; text: 'timed out' }>(
    (resolve) =>
      (timer = setTimeout(() => resolve({ status: 0, body: null, text: 'timed out' }), ms))
  )
  return Promise.race([request, timeout]).finally(() => clearTimeout(timer))
}

/** Uploads the file and, 300 ms into it, asks the server for its statistics: both answers and their times. */
async function uploadWhileServing(admin: CookieClient, name: string, content: Buffer) {
  const started = process.cpuUsage()
  const upload = within(
    HANG_MS,
    admin.upload('/api/admin/data/preview', 'file', name, content)
  ).then((answer) => ({ answer, cpuMs: cpuMsSince(started) }))
  await new Promise((resolve) => setTimeout(resolve, 300))
  const asked = performance.now()
  const other = await within(HANG_MS, admin.get('/api/admin/data/stats'))
  const otherMs = performance.now() - asked
  return { ...(await upload), other, otherMs }
}

test.group('Census preview: hostile files', (group) => {
  let bomb: Buffer
  let lyingBomb: Buffer
  group.setup(async () => {
    // 8 million shared strings: 136 MB unpacked from about 330 KB.
    bomb = await xlsxBomb({ strings: 8_000_000 })
    lyingBomb = await xlsxBomb({ strings: 8_000_000, lying: true })
  })

  test('an XLSX whose shared strings unpack huge is refused with 422 for under 5 s of CPU; the server answers meanwhile', async ({
    assert,
  }) => {
    const admin = await signedIn()
    const { answer, cpuMs, other, otherMs } = await uploadWhileServing(admin, 'bomb.xlsx', bomb)
    assert.equal(answer.status, 422, answer.text)
    assert.deepEqual(withoutRequestId(answer.body), {
      success: false,
      error: XLSX_TOO_MANY_STRINGS,
    })
    assert.isBelow(cpuMs, CPU_MS)
    assert.equal(other.status, 200, other.text)
    assert.isBelow(otherMs, 2_000)
  }).timeout(90_000)

  test('an XLSX that declares small parts and unpacks huge is stopped while inflating', async ({
    assert,
  }) => {
    const admin = await signedIn()
    const { answer, cpuMs, other } = await uploadWhileServing(admin, 'lying.xlsx', lyingBomb)
    assert.equal(answer.status, 422, answer.text)
    assert.deepEqual(withoutRequestId(answer.body), {
      success: false,
      error: XLSX_TOO_MANY_STRINGS,
    })
    assert.isBelow(cpuMs, CPU_MS)
    assert.equal(other.status, 200, other.text)
  }).timeout(90_000)

  test('a CSV of one 10 MB line is refused with 422 for under 5 s of CPU; the server answers meanwhile', async ({
    assert,
  }) => {
    const admin = await signedIn()
    const { answer, cpuMs, other, otherMs } = await uploadWhileServing(
      admin,
      'one-line.csv',
      oneLineCsv(10 * 1024 * 1024)
    )
    assert.equal(answer.status, 422, answer.text)
    assert.deepEqual(withoutRequestId(answer.body), { success: false, error: CSV_LINE_TOO_LONG })
    assert.isBelow(cpuMs, CPU_MS)
    assert.equal(other.status, 200, other.text)
    assert.isBelow(otherMs, 2_000)
  }).timeout(90_000)

  test('bombs at once: each refused, the server alive and answering', async ({ assert }) => {
    const [first, second] = [await signedIn(), await signedIn()]
    // Three at once share the reading threads (two run at a time): a bound of 3 × 5 s of CPU (the
    // answer that matters: each refused, the server answering).
    const started = process.cpuUsage()
    const uploads = await Promise.all([
      within(HANG_MS, first.upload('/api/admin/data/preview', 'file', 'bomb.xlsx', bomb)),
      within(HANG_MS, second.upload('/api/admin/data/preview', 'file', 'lying.xlsx', lyingBomb)),
      within(
        HANG_MS,
        first.upload(
          '/api/admin/data/preview',
          'file',
          'one-line.csv',
          oneLineCsv(20 * 1024 * 1024)
        )
      ),
    ])
    assert.deepEqual(
      uploads.map((answer) => [answer.status, answer.body?.error]),
      [
        [422, XLSX_TOO_MANY_STRINGS],
        [422, XLSX_TOO_MANY_STRINGS],
        [422, CSV_LINE_TOO_LONG],
      ]
    )
    assert.isBelow(cpuMsSince(started), CPU_MS * 3)
    const health = await within(2_000, first.get('/api/health'))
    assert.equal(health.status, 200)
    const stats = await within(2_000, second.get('/api/admin/data/stats'))
    assert.equal(stats.status, 200, stats.text)
  }).timeout(120_000)
})
