import { Readable } from 'node:stream'

/**
 * Called just before the last byte of a message goes to the mail server:
 * the server can only accept a message after its end, so until this has
 * resolved (and was recorded) the message was provably not handed off.
 * Throwing abandons the message before its end is written.
 */
export type BeforeHandOff = () => Promise<void>

/**
 * The message stream passed through unchanged, except that its end waits
 * for `beforeHandOff`. Nothing is read before the transport pulls (after the
 * server accepted the recipients), so a stall at RCPT never reaches it.
 */
export function gateEnd(message: Readable, beforeHandOff: BeforeHandOff): Readable {
  async function* passThenGate() {
    for await (const chunk of message) yield chunk
    await beforeHandOff()
  }
  return Readable.from(passThenGate(), { objectMode: false })
}
