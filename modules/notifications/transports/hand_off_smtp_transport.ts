import { createTransport } from 'nodemailer'
import { MailResponse } from '@adonisjs/mail'
import type { MailTransportContract, NodeMailerMessage } from '@adonisjs/mail/types'
import { gateEnd, type BeforeHandOff } from './hand_off.js'

/**
 * SMTP through nodemailer, for one message: a stream plugin holds the end of
 * the message (the final "." of DATA, after which the server may accept it)
 * until `beforeHandOff` has recorded that the hand-off begins.
 */
export class HandOffSmtpTransport implements MailTransportContract {
  constructor(
    private options: Record<string, unknown>,
    private beforeHandOff: BeforeHandOff
  ) {}

  async send(message: NodeMailerMessage) {
    const transporter = createTransport(this.options)
    transporter.use('stream', (mail: any, done: (error?: Error) => void) => {
      mail.message.processFunc((input: any) => gateEnd(input, this.beforeHandOff))
      done()
    })
    try {
      const info = await transporter.sendMail(message as any)
      return new MailResponse(info.messageId, info.envelope as any, info)
    } finally {
      transporter.close()
    }
  }
}
