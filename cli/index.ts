/*
| The operators' CLI: `npm run cli -- <command>`. Each command lives in its
| own file under commands/ and calls the same module services as the API.
*/
import { Command } from 'commander'
import { importCommand } from './commands/import.js'
import { cleanCommand } from './commands/clean.js'
import { tokensCommand } from './commands/tokens/index.js'
import { invitationsCommand } from './commands/invitations/index.js'
import { adminsCommand } from './commands/admins/index.js'
import { auditCommand } from './commands/audit/index.js'

const program = new Command('portal')
  .description("Operators' tools for the member-migration portal")
  .showHelpAfterError()
  .addCommand(importCommand)
  .addCommand(cleanCommand)
  .addCommand(tokensCommand)
  .addCommand(invitationsCommand)
  .addCommand(adminsCommand)
  .addCommand(auditCommand)

await program.parseAsync(process.argv)
// Open handles (database pools, mail transports) must not keep a finished command alive.
process.exit(process.exitCode ?? 0)
