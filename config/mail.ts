import env from '#start/env'
import { defineConfig, transports } from '@adonisjs/mail'

/**
 * The SMTP connection, read from the environment when called (so a test can
 * point it at a local server). Time-outs are bounded: a delivery's lease is
 * renewed while a send runs, but a dead server must not hold it for long.
 */
export function smtpOptions() {
  return {
    host: env.get('SMTP_HOST', '127.0.0.1'),
    port: Number(env.get('SMTP_PORT') || 587),
    secure: env.get('SMTP_SECURE', false),
    ignoreTLS: !env.get('SMTP_SECURE', false) && !env.get('SMTP_USERNAME'),
    auth: env.get('SMTP_USERNAME')
      ? {
          type: 'login' as const,
          user: env.get('SMTP_USERNAME')!,
          pass: env.get('SMTP_PASSWORD', ''),
        }
      : undefined,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  }
}

/**
 * SMTP when SMTP_HOST is set. Without it the notifications module writes
 * each message to the outbox folder instead (decisions.md §7). The
 * notifications module sends through its own hand-off-aware SMTP transport
 * built from smtpOptions(); the mailer below serves anything else.
 */
const mailConfig = defineConfig({
  default: 'smtp',
  from: env.get('MAIL_FROM', 'Member Portal <no-reply@portal.local>'),
  mailers: {
    smtp: transports.smtp(smtpOptions()),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
import type { InferMailers } from '@adonisjs/mail/types'
