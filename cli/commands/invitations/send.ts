import { Command } from 'commander'
import { CliError, handled } from '../../errors.js'
import { say, type CliContext } from '../../context.js'
import { allUnmigratedPrincipals, memberIdsOf, selectMembers } from '../../members.js'
import { printList, progressBar } from '../../terminal.js'

export const sendInvitationsCommand = (ctx: CliContext) =>
  new Command('send')
    .description('Email migration invitations with a fresh secure link')
    .option('--member <ids...>', 'member IDs of principals')
    .option('--all-pending', 'every principal who has not migrated yet')
    .option('--dry-run', 'only list who would be invited; send nothing')
    .action(
      handled(
        ctx,
        async (options: { member?: string[]; allPending?: boolean; dryRun?: boolean }) => {
          const selection = await selectMembers(ctx, options.member, options.allPending, {
            allFlag: '--all-pending',
            allLabel: 'All pending principals (not migrated yet)',
            someLabel: 'Some members (by member ID)',
            several: true,
          })
          const totals = { sent: 0, failed: 0, skipped: 0, errors: [] as string[] }
          let ids: number[] = []
          let invited = 0
          const done = () =>
            `${totals.sent} invitation(s) sent, ${totals.failed} failed, ${totals.skipped} skipped; the other ${ids.length - invited} member(s) were not invited`
          ctx.interrupts.during({ report: () => 'no invitation was sent.' })
          await ctx.withApp(async () => {
            const { migrationInvitationService, unmigratedUsersService } = await import(
              '#modules/backoffice/index'
            )
            const { cliActor } = await import('#modules/audit/index')
            ids = selection.all
              ? await allUnmigratedPrincipals()
              : await memberIdsOf(selection.memberIds)
            if (options.dryRun) {
              const eligible = await unmigratedUsersService.eligibleMembers(ids)
              say(ctx, `Dry run: ${eligible.length} invitation(s) would be sent; nothing was sent.`)
              printList(
                ctx,
                eligible.map(
                  (member) =>
                    `${member.member_id}  ${member.insured_full_name}  ${member.email ?? '(no email)'}`
                )
              )
              return
            }
            // Ctrl-C stops after the batch being sent (each batch's emails are sent and recorded).
            ctx.interrupts.during({
              stopping: 'the invitations end after the batch being sent (up to 1,000 members)...',
              report: () => `${done()}.`,
            })
            const bar = progressBar(ctx, 'Sending')
            try {
              const result = await migrationInvitationService.sendInBatches(
                ids,
                cliActor(),
                async (progress) => {
                  Object.assign(totals, {
                    sent: progress.result.sent,
                    failed: progress.result.failed,
                    skipped: progress.result.skipped,
                  })
                  invited = progress.done
                  bar.update(invited, ids.length)
                  return !ctx.interrupts.stopped
                }
              )
              totals.errors.push(...result.errors)
            } finally {
              bar.stop()
            }
            say(ctx, `Sent: ${totals.sent}`)
            say(ctx, `Failed: ${totals.failed}`)
            say(ctx, `Skipped: ${totals.skipped}`)
            printList(ctx, totals.errors)
            if (ctx.interrupts.stopped && invited < ids.length)
              throw new CliError(`Interrupted: ${done()}; run it again to invite them`, 130)
            if (totals.failed > 0)
              throw new CliError(`${totals.failed} invitation(s) could not be sent`)
          })
        }
      )
    )
