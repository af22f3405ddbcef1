import { promptsOf } from './prompts.js'
import { CliError } from './errors.js'
import type { CliContext } from './context.js'

/** The database ids of members given by their member IDs (the IDs people know). */
export async function memberIdsOf(memberIds: string[]): Promise<number[]> {
  const { Member } = await import('#modules/members/index')
  const rows = await Member.query().whereIn('member_id', memberIds).select('id', 'member_id')
  const found = new Map(rows.map((row) => [row.member_id, row.id]))
  const unknown = memberIds.filter((id) => !found.has(id))
  if (unknown.length > 0) throw new CliError(`Unknown member ID: ${unknown.join(', ')}`)
  return memberIds.map((id) => found.get(id)!)
}

/** Every principal who may still migrate (not migrated, product enabled, not blocked): one query. */
export async function allUnmigratedPrincipals(): Promise<number[]> {
  const { unmigratedUsersService } = await import('#modules/backoffice/index')
  return unmigratedUsersService.eligibleIds()
}

export interface MemberSelection {
  all: boolean
  memberIds: string[]
}

export interface SelectionQuestion {
  /** The flag that selects everyone: --all or --all-pending. */
  allFlag: string
  allLabel: string
  someLabel: string
  /** Whether several member IDs may be typed (separated by spaces or commas). */
  several: boolean
}

/**
 * --member IDs or the "all" flag (they exclude each other). When neither
 * is given, a terminal is asked which; without one it is an error.
 */
export async function selectMembers(
  ctx: CliContext,
  members: string[] | undefined,
  all: boolean | undefined,
  question: SelectionQuestion
): Promise<MemberSelection> {
  if (members?.length && all)
    throw new CliError(`Use either --member or ${question.allFlag}, not both`)
  if (members?.length) return { all: false, memberIds: members }
  if (all) return { all: true, memberIds: [] }
  if (!ctx.interactive())
    throw new CliError(`Missing --member <ID...> or ${question.allFlag} (no terminal to ask)`)
  const choice = await promptsOf(ctx).select({
    message: 'Which members?',
    choices: [
      { name: question.someLabel, value: 'some' },
      { name: question.allLabel, value: 'all' },
    ],
  })
  if (choice === 'all') return { all: true, memberIds: [] }
  const typed = await promptsOf(ctx).input({
    message: question.several ? 'Member IDs (separated by spaces or commas):' : 'Member ID:',
    validate: (value) => {
      const ids = value.split(/[\s,]+/).filter(Boolean)
      if (ids.length === 0) return 'Please type a member ID'
      if (!question.several && ids.length > 1) return 'Please type one member ID'
      return true
    },
  })
  return { all: false, memberIds: typed.split(/[\s,]+/).filter(Boolean) }
}
