import { chmod, mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createTransport } from 'nodemailer'
import logger from '@adonisjs/core/services/logger'
import { MailResponse } from '@adonisjs/mail'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'
import type { BeforeHandOff } from './hand_off.js'

/**
 * Without SMTP (decisions.md §7) each message is written to a folder: the
 * complete .eml (attachments included) and its .html body for a quick look.
 */
export class OutboxTransport implements MailTransportContract {
  #composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' })

  constructor(
    private directory: string,
    private beforeHandOff: BeforeHandOff = async () => {}
  ) {}

  async send(message: NodeMailerMessage) {
    const info = await this.#composer.sendMail(message as any)
    await this.beforeHandOff()
    const stamp = new Date().toISOString().replace(/[:.]/g, '-')
    const base = join(this.directory, `${stamp}-${Math.random().toString(36).slice(2, 8)}`)
    // Owner-only: messages carry members' personal data.
    await mkdir(this.directory, { recursive: true, mode: 0o700 })
    await chmod(this.directory, 0o700)
    await writeFile(`${base}.eml`, info.message as Buffer, { mode: 0o600 })
    await writeFile(`${base}.html`, typeof message.html === 'string' ? message.html : '', {
      mode: 0o600,
    })
    logger.info(
      { to: info.envelope.to, subject: message.subject, file: `${base}.eml` },
      'email written to outbox'
    )
    return new MailResponse(info.messageId, info.envelope as any, info)
  }
}
