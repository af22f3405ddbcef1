import { SMTPServer } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'
import type { AddressInfo } from 'node:net'
import mail from '@adonisjs/mail/services/main'
import { SMTPTransport } from '@adonisjs/mail/transports/smtp'
import env from '#start/env'

/**
 * A local SMTP server for a test: the app's "smtp" mailer is pointed at it
 * (as SMTP_HOST/SMTP_PORT would) and every received message is parsed.
 * stop() restores the mailer and the SMTP_HOST the process started with.
 * Recipients in `refuse` are rejected with 550 at RCPT TO, as a mailbox
 * that does not exist would be.
 */
export async function startSmtpCapture(options: { refuse?: string[] } = {}) {
  const received: ParsedMail[] = []
  const refused = new Set((options.refuse ?? []).map((address) => address.toLowerCase()))
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (!refused.has(address.address.toLowerCase())) return callback()
      const error = Object.assign(new Error(`Mailbox ${address.address} unavailable`), { responseCode: 550 })
      callback(error)
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => received.push(parsed))
        .then(() => callback(), callback)
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port

  const manager = mail as any
  const previousFactory = manager.config.mailers.smtp
  const previousHost = env.get('SMTP_HOST')
  manager.config.mailers.smtp = () => new SMTPTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true })
  await mail.close('smtp' as any)
  env.set('SMTP_HOST', '127.0.0.1')

  return {
    port,
    received,
    async stop() {
      await mail.close('smtp' as any)
      manager.config.mailers.smtp = previousFactory
      env.set('SMTP_HOST', previousHost ?? '')
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
