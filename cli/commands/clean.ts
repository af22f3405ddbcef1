import { Command } from 'commander'
import { promptsOf } from '../prompts.js'
import { handled, CliError } from '../errors.js'
import { say, type CliContext } from '../context.js'
import { progressBar, valueOrPrompt } from '../terminal.js'

const count = (n: number) => n.toLocaleString('en-US')

export const cleanCommand = (ctx: CliContext) =>
  new Command('clean')
    .description(
      'Delete all members, migrations, subscriptions and payment data (products are kept)'
    )
    .option('--confirm <phrase>', 'the confirmation phrase, "DELETE ALL DATA"')
    .action(
      handled(ctx, async (options: { confirm?: string }) => {
        await ctx.withApp(async () => {
          const { cleanDatabase, CLEAN_PHRASE } = await import('#modules/imports/index')
          const { cliActor } = await import('#modules/audit/index')
          const phrase = await valueOrPrompt(ctx, options.confirm, '--confirm', () =>
            promptsOf(ctx).input({
              message: `This deletes all member and migration data. Type ${CLEAN_PHRASE} to confirm:`,
            })
          )
          // Each batch is its own transaction: Ctrl-C stops after the batch being deleted.
          let progress = { deletedRows: 0, totalRows: 0 }
          const done = () =>
            `${count(progress.deletedRows)} of ${count(progress.totalRows)} rows deleted (each batch is committed)`
          ctx.interrupts.during({
            stopping: 'the clean ends after the batch being deleted...',
            report: () =>
              progress.totalRows === 0
                ? 'nothing was deleted.'
                : `${done()}; run clean again to delete the rest.`,
          })
          // Rows of every emptied table, batch by batch (a clean of 100,000 members takes seconds, not silence).
          const bar = progressBar(ctx, 'Cleaning')
          const { deletedCounts } = await cleanDatabase(
            phrase,
            cliActor(),
            (run) => {
              progress = run
              bar.update(run.deletedRows, run.totalRows)
            },
            ctx.interrupts.signal
          )
            .catch((error) => {
              if (!ctx.interrupts.stopped) throw error
              throw new CliError(
                `Interrupted: ${done()}; the rest is still there: run clean again to delete it`,
                130
              )
            })
            .finally(() => bar.stop())
          say(
            ctx,
            `Database cleaned. Deleted: ${deletedCounts.members} members, ${deletedCounts.migrations} migrations`
          )
        })
      })
    )
