import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { test } from '@japa/runner'

/**
 * The unit suite runs once, on SQLite only (scripts/run_tests.mjs): that holds while no unit test
 * reaches a database. A test that needs one belongs in tests/functional, which runs on both.
 */
const DATABASE_IMPORTS = [
  '@adonisjs/lucid',
  '@adonisjs/core/services/test_utils',
  '#tests/helpers/database',
  'better-sqlite3',
  'mysql2',
  'knex',
]

async function specFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) return specFiles(path)
      return Promise.resolve(entry.name.endsWith('.spec.ts') ? [path] : [])
    })
  )
  return nested.flat()
}

test.group('Unit suite', () => {
  test('no unit test imports a database (it runs on one database only)', async ({ assert }) => {
    const offenders: string[] = []
    for (const file of await specFiles('tests/unit')) {
      const source = await readFile(file, 'utf8')
      for (const match of source.matchAll(/from\s+'([^']+)'|import\(\s*'([^']+)'/g)) {
        const specifier = match[1] ?? match[2]
        if (DATABASE_IMPORTS.some((name) => specifier === name || specifier.startsWith(`${name}/`)))
          offenders.push(`${file}: ${specifier}`)
      }
    }
    assert.deepEqual(offenders, [])
  })
})
