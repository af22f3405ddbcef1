import { test } from '@japa/runner'
import { trustProxyFrom } from '#start/trust_proxy'

test.group('TRUST_PROXY', () => {
  test('nothing is trusted by default', ({ assert }) => {
    assert.isFalse(trustProxyFrom(undefined)('127.0.0.1', 0))
    assert.isFalse(trustProxyFrom(' ')('127.0.0.1', 0))
  })

  test('named ranges and CIDR lists are trusted, other addresses are not', ({ assert }) => {
    const trust = trustProxyFrom('loopback, 10.0.0.0/8')
    assert.isTrue(trust('127.0.0.1', 0))
    assert.isTrue(trust('10.20.30.40', 0))
    assert.isFalse(trust('192.168.1.10', 0))
  })
})
