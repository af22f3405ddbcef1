import env from '#start/env'
import { defineConfig, transports } from '@adonisjs/mail'

/**
 * SMTP when SMTP_HOST is set. Without it the notifications module writes
 * each message to the outbox folder instead (decisions.md §7), so the
 * mailer below is only used with SMTP.
 */
const mailConfig = defineConfig({
  default: 'smtp',
  from: env.get('MAIL_FROM', 'Member Portal <no-reply@portal.local>'),
  mailers: {
    smtp: transports.smtp({
      host: env.get('SMTP_HOST', '127.0.0.1'),
      port: env.get('SMTP_PORT', 587),
      secure: env.get('SMTP_SECURE', false),
      ignoreTLS: !env.get('SMTP_SECURE', false) && !env.get('SMTP_USERNAME'),
      auth: env.get('SMTP_USERNAME')
        ? { type: 'login', user: env.get('SMTP_USERNAME')!, pass: env.get('SMTP_PASSWORD', '') }
        : undefined,
    }),
  },
})

export default mailConfig

declare module '@adonisjs/mail/types' {
  export interface MailersList extends InferMailers<typeof mailConfig> {}
}
import type { InferMailers } from '@adonisjs/mail/types'
