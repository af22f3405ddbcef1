import { Command } from 'commander'
import { withApp } from '../../app.js'
import { CliError, handled } from '../../errors.js'
import { printList } from '../../terminal.js'

export const remindInvitationsCommand = new Command('remind')
  .description('Send the follow-up reminders that are due now (as the scheduled task does)')
  .option('--dry-run', 'only list who would be reminded and why; send nothing')
  .action(
    handled(async (options: { dryRun?: boolean }) => {
      await withApp(async () => {
        const { invitationReminders } = await import('#modules/backoffice/index')
        const { cliActor } = await import('#modules/audit/index')
        const result = await invitationReminders.run({ actor: cliActor(), dryRun: options.dryRun })
        const lines = result.due.map(
          (due) =>
            `${due.member_id}  ${due.insured_full_name}  ${due.email ?? '(no email)'}  ${due.reason}`
        )
        if (options.dryRun) {
          console.log(`Dry run: ${result.due.length} reminder(s) would be sent; nothing was sent.`)
          printList(lines)
          return
        }
        console.log(`Sent: ${result.sent}`)
        console.log(`Failed: ${result.failed}`)
        console.log(`Skipped: ${result.skipped}`)
        printList(result.errors)
        if (result.failed > 0) throw new CliError(`${result.failed} reminder(s) could not be sent`)
      })
    })
  )
