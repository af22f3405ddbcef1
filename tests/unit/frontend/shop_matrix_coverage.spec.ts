import { test } from '@japa/runner'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SHOP_MATRIX } from '../../browser/shop/shop_matrix.js'

const SHOP = 'frontend/src/shop'

/** Every .tsx file under the shop's sources. */
function shopSources(dir = SHOP): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return shopSources(path)
    return entry.name.endsWith('.tsx') ? [path] : []
  })
}

// Coverage of the accessibility matrix cannot quietly shrink.
test.group('Shop accessibility matrix coverage', () => {
  test('every route of the shop router has an entry in the matrix', ({ assert }) => {
    const router = readFileSync(`${SHOP}/ShopApp.tsx`, 'utf8')
    const routes = [...router.matchAll(/<Route path="([^"*]+)"/g)].map((match) => match[1])
    assert.includeMembers(routes, ['login', 'dashboard', 'select', 'checkout', 'success'])
    const covered = new Set<string>(SHOP_MATRIX.map((entry) => entry.route))
    assert.deepEqual(
      routes.filter((route) => !covered.has(route)),
      []
    )
  })

  test('every dialog of the shop has an entry in the matrix', ({ assert }) => {
    const dialogs = shopSources()
      .filter((file) => /<Dialog\b/.test(readFileSync(file, 'utf8')))
      .map((file) =>
        file
          .split('/')
          .pop()!
          .replace(/\.tsx$/, '')
      )
    assert.includeMembers(dialogs, ['EmailDialog', 'CardUpdateDialog'])
    const covered = new Set<string>(
      SHOP_MATRIX.flatMap((entry) => ('dialog' in entry ? [entry.dialog] : []))
    )
    assert.deepEqual(
      dialogs.filter((dialog) => !covered.has(dialog)),
      []
    )
  })

  test('every state of the matrix is named once', ({ assert }) => {
    const states = SHOP_MATRIX.map((entry) => entry.state)
    assert.deepEqual(states, [...new Set(states)])
  })
})
