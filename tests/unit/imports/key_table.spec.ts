import { test } from '@japa/runner'
import { KeyTable } from '#modules/imports/services/key_table'

test.group('KeyTable (text keys → numbers, off the heap)', () => {
  test('answers exactly what was set, for 100,000 keys, across its growth', ({ assert }) => {
    const table = new KeyTable()
    for (let i = 0; i < 100_000; i++) table.set(`bp-${i}`, i * 3 + 1)
    assert.equal(table.size, 100_000)
    for (let i = 0; i < 100_000; i++) assert.equal(table.get(`bp-${i}`), i * 3 + 1)
    assert.isUndefined(table.get('bp-100000'))
    assert.isUndefined(table.get('bp-'))
    assert.isUndefined(table.get('bp-10 '))
    assert.isFalse(table.has(''))
  })

  test('setting a key again replaces its value; keys differing only in length or non-ASCII letters stay apart', ({
    assert,
  }) => {
    const table = new KeyTable()
    table
      .set('a', 1)
      .set('aa', 2)
      .set('', 3)
      .set('zürich', 4)
      .set('zurich', 5)
      .set('東京', 6)
      .set('a', 7)
    assert.equal(table.size, 6)
    assert.deepEqual(
      ['a', 'aa', '', 'zürich', 'zurich', '東京', 'ä'].map((key) => table.get(key)),
      [7, 2, 3, 4, 5, 6, undefined]
    )
    assert.isTrue(table.has(''))
  })

  test('500,000 keys take at most 21 MB of typed arrays, no heap object per key (as a Map they took ~27 MB of live heap)', ({
    assert,
  }) => {
    const table = new KeyTable()
    for (let i = 0; i < 500_000; i++) table.set(`bp-${i}`, 1_000_000 + i)
    // 2^20 slots (4 MB), 2^19 entries of hash, value and start (8 MB), 4.4 MB of key bytes in an 8 MB buffer.
    assert.isAtMost(table.byteLength, 21 * 1024 * 1024)
    assert.equal(table.get('bp-499999'), 1_499_999)
  })

  test('with a limit, growing past its bytes throws the given error and keeps what it holds', ({
    assert,
  }) => {
    const table = new KeyTable({ bytes: 1024 * 1024, error: () => new Error('too many keys') })
    let added = 0
    assert.throws(() => {
      for (; added < 1_000_000; added++) table.set(`member-${added}`, added)
    }, 'too many keys')
    assert.isAbove(added, 10_000)
    assert.isAtMost(table.byteLength, 1024 * 1024)
    assert.equal(table.size, added)
    assert.equal(table.get(`member-${added - 1}`), added - 1)
  })
})
