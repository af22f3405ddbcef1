import { writeFile } from 'node:fs/promises'
import { Command } from 'commander'
import { writeToString } from 'fast-csv'
import { withApp } from '../../app.js'
import { handled } from '../../errors.js'
import { allUnmigratedPrincipals, assertOneSelection, memberIdsOf } from '../../members.js'

export const generateTokensCommand = new Command('generate')
  .description('Issue secure login links (a new link revokes the member\'s older ones) and print them as CSV')
  .option('--member <ids...>', 'member IDs of principals')
  .option('--all', 'every principal who has not migrated yet')
  .option('--output <file>', 'write the CSV to a file instead of the terminal')
  .action(
    handled(async (options: { member?: string[]; all?: boolean; output?: string }) => {
      assertOneSelection(options.member, options.all, '--all')
      await withApp(async () => {
        const { unmigratedUsersService } = await import('#modules/backoffice/index')
        const { Member } = await import('#modules/members/index')
        const ids = options.all ? await allUnmigratedPrincipals() : await memberIdsOf(options.member!)
        const rows: string[][] = []
        for (const id of ids) {
          const link = await unmigratedUsersService.generateToken(id)
          const member = await Member.findOrFail(id)
          rows.push([member.member_id, member.insured_full_name, member.email ?? '', link.secureLink, link.expiresAt ?? ''])
        }
        const csv = await writeToString([['Member ID', 'Full Name', 'Email', 'Secure Login Link', 'Expires At'], ...rows])
        if (options.output) {
          await writeFile(options.output, csv + '\n', { mode: 0o600 })
          process.stderr.write(`${rows.length} links written to ${options.output}\n`)
        } else {
          process.stdout.write(csv + '\n')
        }
      })
    })
  )
