import { Command } from 'commander'
import { input } from '@inquirer/prompts'
import { withApp } from '../app.js'
import { handled } from '../errors.js'
import { progressBar, valueOrPrompt } from '../terminal.js'

export const cleanCommand = new Command('clean')
  .description('Delete all members, migrations, subscriptions and payment data (products are kept)')
  .option('--confirm <phrase>', 'the confirmation phrase, "DELETE ALL DATA"')
  .action(
    handled(async (options: { confirm?: string }) => {
      await withApp(async () => {
        const { cleanDatabase, CLEAN_PHRASE } = await import('#modules/imports/index')
        const { cliActor } = await import('#modules/audit/index')
        const phrase = await valueOrPrompt(options.confirm, '--confirm', () =>
          input({
            message: `This deletes all member and migration data. Type ${CLEAN_PHRASE} to confirm:`,
          })
        )
        // Rows of every emptied table, batch by batch (a clean of 100,000 members takes seconds, not silence).
        const bar = progressBar('Cleaning')
        const { deletedCounts } = await cleanDatabase(phrase, cliActor(), (run) =>
          bar.update(run.deletedRows, run.totalRows)
        ).finally(() => bar.stop())
        console.log(
          `Database cleaned. Deleted: ${deletedCounts.members} members, ${deletedCounts.migrations} migrations`
        )
      })
    })
  )
