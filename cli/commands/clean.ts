import { Command } from 'commander'
import { input } from '@inquirer/prompts'
import { withApp } from '../app.js'
import { handled } from '../errors.js'
import { valueOrPrompt } from '../terminal.js'

export const cleanCommand = new Command('clean')
  .description('Delete all members, migrations, subscriptions and payment data (products are kept)')
  .option('--confirm <phrase>', 'the confirmation phrase, "DELETE ALL DATA"')
  .action(
    handled(async (options: { confirm?: string }) => {
      await withApp(async () => {
        const { cleanDatabase, CLEAN_PHRASE } = await import('#modules/imports/index')
        const { cliActor } = await import('#modules/audit/index')
        const phrase = await valueOrPrompt(options.confirm, '--confirm', () =>
          input({ message: `This deletes all member and migration data. Type ${CLEAN_PHRASE} to confirm:` })
        )
        const { deletedCounts } = await cleanDatabase(phrase, cliActor())
        console.log(`Database cleaned. Deleted: ${deletedCounts.members} members, ${deletedCounts.migrations} migrations`)
      })
    })
  )
