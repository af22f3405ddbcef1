import type Member from '../models/member.js'

/**
 * The address the member gave becomes personal_email and the email in use;
 * original_email (the census's) never changes.
 */
export async function updateContact(member: Member, contact: { email: string }) {
  member.merge({ personal_email: contact.email, email: contact.email })
  await member.save()
}
