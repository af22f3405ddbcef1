import type { Member } from '#modules/members/index'
import { MigrationToken, migrationTokenService, withdrawIssuedToken } from '#modules/auth/index'
import type { Actor } from '#modules/audit/index'

/**
 * A fresh secure link for an invitation that can be taken back if the
 * email is not accepted (docs/backoffice.md). Issuing a link revokes the
 * member's earlier links (decisions.md §3), so a refused email would
 * otherwise leave the member with no working link: `withdraw()` revokes
 * the new link and gives back exactly the links this issue revoked. A
 * revoked link cannot be used or attempted meanwhile, so restoring it
 * returns it to the state it had. If a newer link was issued in between
 * (the new one is already revoked), nothing is given back.
 */
export async function issueInvitationLink(member: Member, audit: { actor: Actor; action: string }) {
  const previous = (await MigrationToken.query().where('member_id', member.id))
    .filter((token) => token.isUsable)
    .map((token) => token.id)
  const issued = await migrationTokenService.issue(member, audit)
  return {
    ...issued,
    async withdraw() {
      await withdrawIssuedToken(issued.token, previous)
    },
  }
}
