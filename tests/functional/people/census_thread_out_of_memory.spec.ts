import { test } from '@japa/runner'
import { CookieClient } from '#tests/helpers/cookie_client'
import { TEST_ADMIN, isolateEachTest } from '#tests/helpers/database'
import { xlsxBomb } from '#tests/helpers/hostile_files'
import { censusCsv, familyRows } from '#tests/helpers/census_files'
import { withoutRequestId } from '#tests/helpers/api_contract'

const FILE_TOO_DEMANDING =
  'The file needs more memory to read than an import may use, so it was not read. Please split it into smaller files.'

/*
| A census reading thread that runs out of memory, over HTTP: the upload it served answers 422
| with the preview's text, and the same server (this process) answers the next requests. The
| thread's 'error' event (ERR_WORKER_OUT_OF_MEMORY) is what once ended the whole server: without
| startThread's listener (modules/shared/threads.ts) this process exits during the test.
|
| The heap is lowered for these uploads (CENSUS_READER_HEAP_MB, read at each preview) so that a
| bomb of 1,000,000 shared strings (17 MB unpacked, under the 2,000,000-string limit that would
| refuse it first) is enough to exhaust it; a small valid file first shows that heap reads a
| census, so the 422 is the bomb's. What it costs: ~1 MB of zip built once, three
| previews; a few seconds of CPU.
*/
const HEAP_MB = '16'

async function signedIn() {
  const admin = new CookieClient()
  const login = await admin.post('/api/admin/login', TEST_ADMIN)
  if (login.status !== 200) throw new Error(`login failed: ${login.text}`)
  return admin
}

const preview = (admin: CookieClient, name: string, content: string | Buffer) =>
  admin.upload('/api/admin/data/preview', 'file', name, Buffer.from(content))

test.group('Census preview: a reading thread out of memory', (group) => {
  isolateEachTest(group)
  let bomb: Buffer
  const before = process.env.CENSUS_READER_HEAP_MB
  group.setup(async () => {
    bomb = await xlsxBomb({ strings: 1_000_000 })
  })
  group.each.teardown(() => {
    if (before === undefined) delete process.env.CENSUS_READER_HEAP_MB
    else process.env.CENSUS_READER_HEAP_MB = before
  })

  test('the upload it served answers 422; the same server answers the next requests with 200', async ({
    assert,
  }) => {
    const admin = await signedIn()
    process.env.CENSUS_READER_HEAP_MB = HEAP_MB
    const small = await preview(admin, 'small.csv', censusCsv(familyRows('OOM')))
    assert.equal(small.status, 200, `a small census within ${HEAP_MB} MB: ${small.text}`)

    const refused = await preview(admin, 'bomb.xlsx', bomb)
    assert.equal(refused.status, 422, refused.text)
    assert.deepEqual(withoutRequestId(refused.body), { success: false, error: FILE_TOO_DEMANDING })

    process.env.CENSUS_READER_HEAP_MB = before ?? ''
    const stats = await admin.get('/api/admin/data/stats')
    assert.equal(stats.status, 200, stats.text)
    // The thread's reading slot was given back: another preview is read.
    const again = await preview(admin, 'again.csv', censusCsv(familyRows('OOM2')))
    assert.equal(again.status, 200, again.text)
    assert.equal(again.body.preview.totalRecords, 3)
  }).timeout(90_000)
})
