import { test } from '@japa/runner'
import { pageWindow } from '../../../frontend/src/admin/components/list/page_window.js'

test.group('Members pager window', () => {
  test('few pages: every page is shown', ({ assert }) => {
    assert.deepEqual(pageWindow(1, 1), [1])
    assert.deepEqual(pageWindow(2, 3), [1, 2, 3])
    assert.deepEqual(pageWindow(5, 5), [1, 2, 3, 4, 5])
  })

  test('many pages: five numbers with the current one in the middle', ({ assert }) => {
    // 1,234 members at 50 a page = 25 pages.
    const pages = Math.ceil(1234 / 50)
    assert.equal(pages, 25)
    assert.deepEqual(pageWindow(1, pages), [1, 2, 3, 4, 5])
    assert.deepEqual(pageWindow(3, pages), [1, 2, 3, 4, 5])
    assert.deepEqual(pageWindow(4, pages), [2, 3, 4, 5, 6])
    assert.deepEqual(pageWindow(13, pages), [11, 12, 13, 14, 15])
    assert.deepEqual(pageWindow(23, pages), [21, 22, 23, 24, 25])
    assert.deepEqual(pageWindow(24, pages), [21, 22, 23, 24, 25])
    assert.deepEqual(pageWindow(25, pages), [21, 22, 23, 24, 25])
  })

  test('no results still gives no buttons rather than a negative count', ({ assert }) => {
    assert.deepEqual(pageWindow(1, 0), [])
  })
})
