import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'

const engines = JSON.parse(readFileSync('package.json', 'utf8')).engines as { node: string }

test.group('Runtime', () => {
  test('the tests run on the Node.js the project declares (engines), the one npm brings', ({
    assert,
  }) => {
    const declared = Number(engines.node.match(/^>=(\d+)/)?.[1])
    assert.isAtLeast(declared, 24)
    assert.isAtLeast(Number(process.versions.node.split('.')[0]), declared, process.execPath)
  })

  test('better-sqlite3 is built for this runtime', async ({ assert }) => {
    const { default: Database } = await import('better-sqlite3')
    const database = new Database(':memory:')
    assert.deepEqual(database.prepare('select 1 as one').get(), { one: 1 })
    database.close()
  })
})
