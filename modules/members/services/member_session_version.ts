import Member from '../models/member.js'

/**
 * One atomic `session_version = session_version + 1`: every session of the
 * member signed in with an older version is stale (auth's endAllSessions,
 * checked by its session guards).
 */
export async function advanceMemberSessionVersion(memberId: number) {
  await Member.query().where('id', memberId).increment('session_version', 1)
}
