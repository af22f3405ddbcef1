import { CliError } from './errors.js'

/** The database ids of members given by their member IDs (the IDs people know). */
export async function memberIdsOf(memberIds: string[]): Promise<number[]> {
  const { Member } = await import('#modules/members/index')
  const rows = await Member.query().whereIn('member_id', memberIds).select('id', 'member_id')
  const found = new Map(rows.map((row) => [row.member_id, row.id]))
  const unknown = memberIds.filter((id) => !found.has(id))
  if (unknown.length > 0) throw new CliError(`Unknown member ID: ${unknown.join(', ')}`)
  return memberIds.map((id) => found.get(id)!)
}

/** Every principal who may still migrate (not migrated, product enabled), in chunks. */
export async function allUnmigratedPrincipals(): Promise<number[]> {
  const { Member } = await import('#modules/members/index')
  const { unmigratedUsersService } = await import('#modules/backoffice/index')
  const principals = await Member.query().where('insured_role', 'Principal').orderBy('id').select('id')
  const ids: number[] = []
  for (let start = 0; start < principals.length; start += 1000) {
    const chunk = principals.slice(start, start + 1000).map((row) => row.id)
    for (const member of await unmigratedUsersService.eligibleMembers(chunk)) ids.push(member.id)
  }
  return ids
}

/** --member and --all(-pending) exclude each other and one of them is needed. */
export function assertOneSelection(members: string[] | undefined, all: boolean | undefined, allFlag: string) {
  if (members?.length && all) throw new CliError(`Use either --member or ${allFlag}, not both`)
  if (!members?.length && !all) throw new CliError(`Choose members with --member <ID...> or ${allFlag}`)
}
