import { test } from '@japa/runner'
import { spawn, type ChildProcess } from 'node:child_process'
import { cliEnv, prepareCliDatabase } from '#tests/helpers/cli_runner'
import { CookieClient } from '#tests/helpers/cookie_client'
import { TEST_ADMIN } from '#tests/helpers/database'
import { censusCsv, familyRows } from '#tests/helpers/census_files'
import { freePort } from '#tests/helpers/test_paths'

/** The compiled server's address: a port the OS hands out (startCompiledServer). */
let BASE = ''

async function startCompiledServer(): Promise<{ server: ChildProcess; output: () => string }> {
  const port = await freePort()
  BASE = `http://127.0.0.1:${port}`
  const env = { ...cliEnv(), PORT: String(port), HOST: '127.0.0.1', BACKGROUND_WORKERS: 'false' }
  const server = spawn(process.execPath, ['build/backend/bin/server.js'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  server.stdout!.on('data', (chunk) => (output += chunk))
  server.stderr!.on('data', (chunk) => (output += chunk))
  for (let attempt = 0; attempt < 120; attempt++) {
    if (server.exitCode !== null) throw new Error(`The compiled server stopped: ${output}`)
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return { server, output: () => output }
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  server.kill('SIGKILL')
  throw new Error(`The compiled server did not answer: ${output}`)
}

/*
| What `npm start` and production run: build/ compiled by `npm run build`,
| without the TypeScript loader, reading .env, tmp/ and frontend/dist from
| the project root. Every other test runs the sources.
*/
test.group('Compiled build', (group) => {
  // Its processes use their own SQLite file whatever the suite's database: run once (scripts/run_tests.mjs).
  group.tap((t) => t.tags(['@own-sqlite'], 'append'))
  let running: Awaited<ReturnType<typeof startCompiledServer>>
  group.setup(async () => {
    await prepareCliDatabase()
    running = await startCompiledServer()
    return () => void running.server.kill('SIGTERM')
  })

  test('serves the shop and the back-office pages', async ({ assert }) => {
    // The shop's page is drawn with its own title (in the visitor's language: English here).
    for (const [path, title] of [
      ['/shop/login', 'Member sign-in — Member Portal'],
      ['/admin/login', 'Member Portal'],
    ]) {
      const response = await fetch(`${BASE}${path}`)
      assert.equal(response.status, 200, path)
      assert.include(await response.text(), `<title>${title}</title>`, path)
    }
    // The compiled server finds the sign-in pages' renderer (frontend/dist-ssr) and draws both pages.
    assert.include(
      await (await fetch(`${BASE}/shop/login`)).text(),
      'data-testid="member-id-input"'
    )
    assert.include(
      await (await fetch(`${BASE}/admin/login`)).text(),
      'data-testid="admin-username"'
    )
  })

  test('signs a member in and answers their details from the database', async ({ assert }) => {
    const member = new CookieClient(BASE)
    const login = await member.post('/api/auth/login', {
      memberId: 'DEMO-1001',
      dateOfBirth: '1980-04-15',
    })
    assert.equal(login.status, 200, login.text)
    const details = await member.get('/api/member/details')
    assert.equal(details.status, 200, details.text)
    assert.include(details.text, 'DEMO-1001')
  })

  test('signs the admin in; admin routes answer with the seeded data; bad input is a 422', async ({
    assert,
  }) => {
    const admin = new CookieClient(BASE)
    assert.equal((await admin.get('/api/admin/members-stats')).status, 401)
    assert.equal((await admin.post('/api/admin/login', TEST_ADMIN)).status, 200)
    const members = await admin.get('/api/admin/members?search=DEMO-1001')
    assert.equal(members.status, 200, members.text)
    assert.include(members.text, 'DEMO-1001')
    const bad = await admin.post('/api/admin/data/confirm-import', {})
    assert.equal(bad.status, 422, bad.text)
    assert.notInclude(running.output(), 'Error:')
  })

  test('previews a CSV census (read in its thread) and imports it', async ({ assert }) => {
    const admin = new CookieClient(BASE)
    assert.equal((await admin.post('/api/admin/login', TEST_ADMIN)).status, 200)
    const preview = await admin.upload(
      '/api/admin/data/preview',
      'file',
      'census.csv',
      censusCsv(familyRows('BLD'))
    )
    assert.equal(preview.status, 200, preview.text)
    assert.equal(preview.body.preview.totalRecords, 3)
    assert.deepEqual(
      preview.body.preview.allRecords.map((record: { memberId: string }) => record.memberId),
      ['BLD-01', 'BLD-02', 'BLD-03']
    )
    const imported = await admin.post('/api/admin/data/confirm-import', {
      cacheKey: preview.body.cacheKey,
    })
    assert.equal(imported.status, 200, imported.text)
    assert.equal(imported.body.membersImported, 3)
    assert.include((await admin.get('/api/admin/members?search=BLD-03')).text, 'BLD-03')
  })
})
