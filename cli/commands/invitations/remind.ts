import { Command } from 'commander'
import { CliError, handled } from '../../errors.js'
import { say, type CliContext } from '../../context.js'
import { printList } from '../../terminal.js'

export const remindInvitationsCommand = (ctx: CliContext) =>
  new Command('remind')
    .description('Send the follow-up reminders that are due now (as the scheduled task does)')
    .option('--dry-run', 'only list who would be reminded and why; send nothing')
    .action(
      handled(ctx, async (options: { dryRun?: boolean }) => {
        await ctx.withApp(async () => {
          const { invitationReminders } = await import('#modules/backoffice/index')
          const { cliActor } = await import('#modules/audit/index')
          const db = (await import('@adonisjs/lucid/services/db')).default
          // Each reminder is recorded as it is sent: Ctrl-C ends at once and counts them.
          const last = await db.from('invitation_reminders').max('id as id').first()
          ctx.interrupts.during({
            report: async () => {
              if (options.dryRun) return 'nothing was sent (a dry run).'
              const rows = await db
                .from('invitation_reminders')
                .where('id', '>', Number(last?.id ?? 0))
                .select('status')
              const sent = rows.filter((row) => row.status === 'sent').length
              return `${sent} reminder(s) sent, each recorded (a member is reminded once a day); the others due were not sent: run it again to send them.`
            },
          })
          const result = await invitationReminders.run({
            actor: cliActor(),
            dryRun: options.dryRun,
          })
          const lines = result.due.map(
            (due) =>
              `${due.member_id}  ${due.insured_full_name}  ${due.email ?? '(no email)'}  ${due.reason}`
          )
          if (options.dryRun) {
            say(ctx, `Dry run: ${result.due.length} reminder(s) would be sent; nothing was sent.`)
            printList(ctx, lines)
            return
          }
          say(ctx, `Sent: ${result.sent}`)
          say(ctx, `Failed: ${result.failed}`)
          say(ctx, `Skipped: ${result.skipped}`)
          printList(ctx, result.errors)
          if (result.failed > 0)
            throw new CliError(`${result.failed} reminder(s) could not be sent`)
        })
      })
    )
