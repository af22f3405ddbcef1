import { familyService, updateContact, type Member } from '#modules/members/index'
import { catalogSnapshot } from '#modules/catalog/index'
import { settingsService } from '#modules/settings/index'
import { isoDate } from '#modules/shared/index'

/** Domains (lower case) for which a member is asked for a personal address: CORPORATE_EMAIL_DOMAINS. */
async function corporateDomains(): Promise<Set<string>> {
  const raw = await settingsService.raw('CORPORATE_EMAIL_DOMAINS')
  return new Set(
    raw
      .split(',')
      .map((domain) => domain.trim().toLowerCase())
      .filter(Boolean)
  )
}

/** decisions.md §9: no email, or a corporate one, and no personal email given yet. */
function requiresPersonalEmail(member: Member, corporate: Set<string>): boolean {
  if (member.personal_email) return false
  if (!member.email) return true
  const domain = member.email.split('@').pop()?.toLowerCase() ?? ''
  return corporate.has(domain)
}

function describeMember(member: Member, productAlias: string | null, corporate: Set<string>) {
  return {
    id: member.id,
    member_id: member.member_id,
    insured_full_name: member.insured_full_name,
    date_of_birth: isoDate(member.date_of_birth),
    email: member.email,
    personal_email: member.personal_email,
    original_email: member.original_email,
    requiresPersonalEmail: requiresPersonalEmail(member, corporate),
    plan_name: member.plan_name,
    product_name: member.product_name,
    product_alias: productAlias,
    sum_insured: member.sum_insured,
    final_premium: member.final_premium,
    premium_currency: member.premium_currency,
    policy_end_date: isoDate(member.policy_end_date),
    insured_role: member.insured_role,
  }
}

/** The signed-in principal and its family, with the fields of member-shop.md §3. */
export async function memberDetails(principal: Member) {
  // Together: the family's rows, and the cached catalogue and settings (one versions query).
  const [{ relatives }, catalog, corporate] = await Promise.all([
    familyService.familyOf(principal),
    catalogSnapshot(),
    corporateDomains(),
  ])
  const describe = (member: Member) =>
    describeMember(member, catalog.product(member.product_name)?.product_alias ?? null, corporate)
  return { member: describe(principal), relatedMembers: relatives.map(describe) }
}

/** The address the member gave becomes their email (members' updateContact). */
export async function updateMemberEmail(principal: Member, newEmail: string) {
  await updateContact(principal, { email: newEmail })
  return memberDetails(principal)
}
