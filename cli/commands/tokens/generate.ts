import { writeFile } from 'node:fs/promises'
import { Command } from 'commander'
import { writeToString } from 'fast-csv'
import { withApp } from '../../app.js'
import { CliError, handled, reasonOf } from '../../errors.js'
import { allUnmigratedPrincipals, memberIdsOf, selectMembers } from '../../members.js'

const HEADER = ['Member ID', 'Full Name', 'Email', 'Secure Login Link', 'Expires At']

export const generateTokensCommand = new Command('generate')
  .description('Issue secure login links (a new link revokes the member\'s older ones) and print them as CSV')
  .option('--member <ids...>', 'member IDs of principals')
  .option('--all', 'every principal who has not migrated yet')
  .option('--output <file>', 'write the CSV to a file instead of the terminal')
  .action(
    handled(async (options: { member?: string[]; all?: boolean; output?: string }) => {
      const selection = await selectMembers(options.member, options.all, {
        allFlag: '--all',
        allLabel: 'All principals who have not migrated yet',
        someLabel: 'One member (by member ID)',
        several: false,
      })
      await withApp(async () => {
        const { unmigratedUsersService } = await import('#modules/backoffice/index')
        const { Member } = await import('#modules/members/index')
        const { cliActor } = await import('#modules/audit/index')
        const ids = selection.all ? await allUnmigratedPrincipals() : await memberIdsOf(selection.memberIds)
        const rows: string[][] = []
        const failures: string[] = []
        for (const id of ids) {
          const member = await Member.findOrFail(id)
          try {
            const link = await unmigratedUsersService.generateToken(id, cliActor())
            rows.push([member.member_id, member.insured_full_name, member.email ?? '', link.secureLink, link.expiresAt ?? ''])
          } catch (error) {
            // A link already issued revoked the member's older ones: it is printed whatever happens next.
            failures.push(`${member.member_id}: ${reasonOf(error).message}`)
          }
        }
        if (rows.length > 0 || failures.length === 0) {
          const csv = await writeToString([HEADER, ...rows])
          if (options.output) {
            await writeFile(options.output, csv + '\n', { mode: 0o600 })
            process.stderr.write(`${rows.length} links written to ${options.output}\n`)
          } else {
            process.stdout.write(csv + '\n')
          }
        }
        if (failures.length > 0) throw new CliError(`${failures.length} of ${ids.length} link(s) could not be issued: ${failures.join('; ')}`)
      })
    })
  )
