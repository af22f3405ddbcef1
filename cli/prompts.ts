import {
  input as inquirerInput,
  password as inquirerPassword,
  select as inquirerSelect,
} from '@inquirer/prompts'
import type { CliContext } from './context.js'

/**
 * The prompts of a command, on its terminal: a real process's own (stdin and stdout), or in the
 * tests the keys typed into the in-process terminal of runCliInTerminal (tests/helpers/cli_runner.ts).
 */
export function promptsOf(ctx: CliContext) {
  const context = ctx.terminal
  return {
    input: (config: Parameters<typeof inquirerInput>[0]) => inquirerInput(config, context),
    password: (config: Parameters<typeof inquirerPassword>[0]) => inquirerPassword(config, context),
    select: <Value>(config: Parameters<typeof inquirerSelect<Value>>[0]) =>
      inquirerSelect<Value>(config, context),
  }
}
