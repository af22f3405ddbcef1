import { join } from 'node:path'
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import { Mailer } from '@adonisjs/mail'
import env from '#start/env'
import mailConfig, { smtpOptions } from '#config/mail'
import { settingsService } from '#modules/settings/index'
import { OutboxTransport } from '../transports/outbox_transport.js'
import { HandOffSmtpTransport } from '../transports/hand_off_smtp_transport.js'
import type { BeforeHandOff } from '../transports/hand_off.js'

export interface OutgoingEmail {
  to: string
  subject: string
  html: string
  attachments?: { path: string; filename: string }[]
}

/** Where outbox messages go: OUTBOX_DIR, else <STORAGE_DIR>/outbox. */
export function outboxDirectory() {
  return app.makePath(env.get('OUTBOX_DIR') ?? join(env.get('STORAGE_DIR', 'storage'), 'outbox'))
}

/** SMTP when SMTP_HOST is set, the outbox folder otherwise; either calls beforeHandOff before the message can be accepted. */
function mailer(beforeHandOff: BeforeHandOff) {
  if (env.get('SMTP_HOST'))
    return new Mailer(
      'smtp',
      new HandOffSmtpTransport(smtpOptions(), beforeHandOff),
      emitter as any,
      mailConfig as any
    )
  return new Mailer(
    'outbox',
    new OutboxTransport(outboxDirectory(), beforeHandOff),
    emitter as any,
    mailConfig as any
  )
}

/** Sends one message; resolves with the transport's message id or throws. */
export async function deliverEmail(
  email: OutgoingEmail,
  beforeHandOff: BeforeHandOff = async () => {}
): Promise<string | null> {
  const from = addressOf(env.get('MAIL_FROM', 'Member Portal <no-reply@portal.local>'))
  const fromName = await settingsService.get('EMAIL_FROM_NAME', from.name ?? 'Member Portal')
  const response = await mailer(beforeHandOff).send((message) => {
    message.from(from.address, fromName).to(email.to).subject(email.subject).html(email.html)
    for (const attachment of email.attachments ?? [])
      message.attach(attachment.path, { filename: attachment.filename })
  })
  return response?.messageId ?? null
}

/** "Name <address>" or "address". */
function addressOf(value: string): { address: string; name?: string } {
  const match = value.match(/^\s*(.*?)\s*<([^>]+)>\s*$/)
  return match ? { name: match[1] || undefined, address: match[2] } : { address: value.trim() }
}
