import { Command, CommanderError } from 'commander'
import type { CliContext } from './context.js'
import { importCommand } from './commands/import.js'
import { cleanCommand } from './commands/clean.js'
import { tokensCommand } from './commands/tokens/index.js'
import { invitationsCommand } from './commands/invitations/index.js'
import { adminsCommand } from './commands/admins/index.js'
import { auditCommand } from './commands/audit/index.js'

function everyCommand(command: Command): Command[] {
  return [command, ...command.commands.flatMap(everyCommand)]
}

/**
 * The operators' CLI as a commander program writing to `ctx`'s streams. It never ends the
 * process nor reads process.argv: a parse error or --help throws a CommanderError (exitOverride)
 * that runProgram turns into an exit code.
 */
function buildProgram(ctx: CliContext): Command {
  const program = new Command('portal')
    .description("Operators' tools for the member-migration portal")
    .option('--verbose', "print an error's full detail under its one line")
    .showHelpAfterError()
    .addCommand(importCommand(ctx))
    .addCommand(cleanCommand(ctx))
    .addCommand(tokensCommand(ctx))
    .addCommand(invitationsCommand(ctx))
    .addCommand(adminsCommand(ctx))
    .addCommand(auditCommand(ctx))
    .hook('preAction', () => {
      ctx.verbose ||= Boolean(program.opts().verbose)
    })
  // addCommand (unlike .command()) copies no settings: each command gets them itself.
  for (const command of everyCommand(program)) {
    command.exitOverride()
    command.configureOutput({
      writeOut: (text) => ctx.stdout.write(text),
      writeErr: (text) => ctx.stderr.write(text),
    })
  }
  return program
}

/** Runs one command line (the arguments after `portal`); answers its exit code. */
export async function runProgram(ctx: CliContext, args: string[]): Promise<number> {
  try {
    await buildProgram(ctx).parseAsync(args, { from: 'user' })
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode
    throw error
  }
  return ctx.exitCode
}
