import { Command } from 'commander'
import { withApp } from '../../app.js'
import { CliError, handled } from '../../errors.js'
import { allUnmigratedPrincipals, memberIdsOf, selectMembers } from '../../members.js'
import { printList, progressBar } from '../../terminal.js'

/** Members per call of the invitation service, so the bar moves and memory stays flat. */
const CHUNK = 25

export const sendInvitationsCommand = new Command('send')
  .description('Email migration invitations with a fresh secure link')
  .option('--member <ids...>', 'member IDs of principals')
  .option('--all-pending', 'every principal who has not migrated yet')
  .option('--dry-run', 'only list who would be invited; send nothing')
  .action(
    handled(async (options: { member?: string[]; allPending?: boolean; dryRun?: boolean }) => {
      const selection = await selectMembers(options.member, options.allPending, {
        allFlag: '--all-pending',
        allLabel: 'All pending principals (not migrated yet)',
        someLabel: 'Some members (by member ID)',
        several: true,
      })
      await withApp(async () => {
        const { migrationInvitationService, unmigratedUsersService } = await import(
          '#modules/backoffice/index'
        )
        const { cliActor } = await import('#modules/audit/index')
        const ids = selection.all
          ? await allUnmigratedPrincipals()
          : await memberIdsOf(selection.memberIds)
        if (options.dryRun) {
          const eligible = await unmigratedUsersService.eligibleMembers(ids)
          console.log(`Dry run: ${eligible.length} invitation(s) would be sent; nothing was sent.`)
          printList(
            eligible.map(
              (member) =>
                `${member.member_id}  ${member.insured_full_name}  ${member.email ?? '(no email)'}`
            )
          )
          return
        }
        const totals = { sent: 0, failed: 0, skipped: 0, errors: [] as string[] }
        const bar = progressBar('Sending')
        try {
          for (let start = 0; start < ids.length; start += CHUNK) {
            const result = await migrationInvitationService.send(
              ids.slice(start, start + CHUNK),
              cliActor()
            )
            totals.sent += result.sent
            totals.failed += result.failed
            totals.skipped += result.skipped
            totals.errors.push(...result.errors)
            bar.update(Math.min(start + CHUNK, ids.length), ids.length)
          }
        } finally {
          bar.stop()
        }
        console.log(`Sent: ${totals.sent}`)
        console.log(`Failed: ${totals.failed}`)
        console.log(`Skipped: ${totals.skipped}`)
        printList(totals.errors)
        if (totals.failed > 0)
          throw new CliError(`${totals.failed} invitation(s) could not be sent`)
      })
    })
  )
