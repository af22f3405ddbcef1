import { SMTPServer } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'
import type { AddressInfo } from 'node:net'
import env from '#start/env'

export interface SmtpCaptureOptions {
  /** Recipients rejected with 550 at RCPT TO, as a mailbox that does not exist would be. */
  refuse?: string[]
  /**
   * The first message stalls, as a slow server would: 'rcpt' never answers
   * its RCPT TO (the client has not sent the message yet); 'data' reads the
   * whole message but never answers the final "." (the client has handed it
   * off, the server has not accepted it). `stalled` resolves at that moment;
   * the stalled message is never delivered. Later messages go through.
   */
  stall?: 'rcpt' | 'data'
}

/**
 * A local SMTP server for a test: the app sends to it (SMTP_HOST/SMTP_PORT
 * point at it; child processes get `port`) and every received message is
 * parsed into `received`. stop() restores the variables the process had.
 */
export async function startSmtpCapture(options: SmtpCaptureOptions = {}) {
  const received: ParsedMail[] = []
  const refused = new Set((options.refuse ?? []).map((address) => address.toLowerCase()))
  let stallPending = !!options.stall
  let markStalled!: () => void
  const stalled = new Promise<void>((resolve) => (markStalled = resolve))
  const takeStall = (at: 'rcpt' | 'data') => {
    if (!stallPending || options.stall !== at) return false
    stallPending = false
    return true
  }

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (takeStall('rcpt')) return markStalled() // never answered
      if (!refused.has(address.address.toLowerCase())) return callback()
      const error = Object.assign(new Error(`Mailbox ${address.address} unavailable`), {
        responseCode: 550,
      })
      callback(error)
    },
    onData(stream, _session, callback) {
      if (takeStall('data')) {
        stream.on('end', () => markStalled()) // the final "." arrived; never answered
        stream.resume()
        return
      }
      simpleParser(stream)
        .then((parsed) => received.push(parsed))
        .then(() => callback(), callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port

  const previous = { host: env.get('SMTP_HOST'), port: env.get('SMTP_PORT') }
  env.set('SMTP_HOST', '127.0.0.1')
  env.set('SMTP_PORT', String(port) as any)

  return {
    port,
    received,
    stalled,
    async stop() {
      env.set('SMTP_HOST', previous.host ?? '')
      env.set('SMTP_PORT', (previous.port === undefined ? '' : String(previous.port)) as any)
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
