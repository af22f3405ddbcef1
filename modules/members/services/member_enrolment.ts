import type Member from '../models/member.js'

/** The member row mirrors the insurer ids its migration holds (fulfilment's enrolment). */
export async function recordEnrolment(
  member: Member,
  ids: { dhig_person_id: string | null; dhig_member_id: string | null }
) {
  await member.merge(ids).save()
}
