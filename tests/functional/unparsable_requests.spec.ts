import { test } from '@japa/runner'
import { connect } from 'node:net'

/** Sends raw bytes to the test server and reads everything it answers until it closes. */
function rawExchange(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(process.env.PORT ?? 3334), process.env.HOST ?? '127.0.0.1')
    let answer = ''
    socket.on('data', (chunk) => (answer += String(chunk)))
    socket.on('end', () => resolve(answer))
    socket.on('error', reject)
    socket.write(request)
  })
}

test.group('Requests the HTTP parser refuses', () => {
  test('headers over 16 KB get a readable 431 in JSON, with a request id, not a reset', async ({
    assert,
  }) => {
    const answer = await rawExchange(
      `POST /api/health?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`
    )
    assert.match(answer, /^HTTP\/1\.1 431 /)
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))
    assert.equal(body.error, 'The request headers are too large')
    assert.match(answer, new RegExp(`X-Request-Id: ${body.requestId}`))
  })

  test('a malformed request gets a readable 400 in JSON', async ({ assert }) => {
    const answer = await rawExchange('GET / HTTP/1.1\r\nHost localhost\r\n\r\n')
    assert.match(answer, /^HTTP\/1\.1 400 /)
    assert.deepInclude(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)), {
      success: false,
      error: 'The request could not be read',
    })
  })
})
