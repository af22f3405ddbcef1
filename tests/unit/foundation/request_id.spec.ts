import { test } from '@japa/runner'
import type { IncomingMessage } from 'node:http'
import { assignRequestId } from '#backend/bin/node_server'
import { trustProxyFrom } from '#start/trust_proxy'

function requestFrom(address: string, id?: string) {
  return {
    headers: id === undefined ? {} : { 'x-request-id': id },
    socket: { remoteAddress: address },
  } as unknown as IncomingMessage
}

test.group('Request id', () => {
  test('a trusted proxy passes its id on; anyone else gets a fresh one', ({ assert }) => {
    const trusted = trustProxyFrom('10.0.0.0/8')
    const viaProxy = requestFrom('10.1.2.3', 'lb-7f3a.42')
    assignRequestId(viaProxy, trusted)
    assert.equal(viaProxy.headers['x-request-id'], 'lb-7f3a.42')

    const direct = requestFrom('203.0.113.9', 'lb-7f3a.42')
    assignRequestId(direct, trusted)
    assert.match(String(direct.headers['x-request-id']), /^[0-9a-f-]{36}$/)
  })

  test('a malformed or oversized id is replaced even from a trusted proxy', ({ assert }) => {
    const trusted = trustProxyFrom('loopback')
    for (const bad of ['', 'a b', 'x'.repeat(129), '<script>', 'id\nforged: line']) {
      const request = requestFrom('127.0.0.1', bad)
      assignRequestId(request, trusted)
      assert.match(String(request.headers['x-request-id']), /^[0-9a-f-]{36}$/, JSON.stringify(bad))
    }
  })
})
