import db from '@adonisjs/lucid/services/db'
import type { Language } from '#modules/shared/index'
import Member from '../models/member.js'

/** The member's language as chosen in the shop's switcher (PUT /api/member/language). */
export async function setMemberLanguage(member: Member, language: Language): Promise<Language> {
  member.merge({ language })
  await member.save()
  return language
}

/**
 * At sign-in: a member without a language yet gets the one the browser asks for
 * (Accept-Language). A single conditional update, so a choice made meanwhile on another device
 * is never overwritten.
 */
export async function rememberFirstLanguage(member: Member, language: Language): Promise<void> {
  if (member.language) return
  await db.from('members').where('id', member.id).whereNull('language').update({ language })
  member.language = language
}

/** The language of a member's emails and PDFs: their principal's (English until known). */
export async function principalLanguageOf(memberId: number): Promise<string | null> {
  const member = await Member.find(memberId)
  if (!member) return null
  if (!member.principal_id) return member.language
  return (await Member.find(member.principal_id))?.language ?? member.language
}
