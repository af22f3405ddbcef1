/*
| The operators' CLI: `npm run cli -- <command>`. Each command lives in its
| own file under commands/ and calls the same module services as the API;
| cli/program.ts builds them into one program (the tests run it in-process).
*/
import { withApp } from './app.js'
import { ctrlC, Interrupts, type CliContext } from './context.js'
import { runProgram } from './program.js'
import { interactive } from './terminal.js'

const ctx: CliContext = {
  stdout: process.stdout,
  stderr: process.stderr,
  interactive,
  withApp,
  interrupts: new Interrupts(),
  exitCode: 0,
  verbose: Boolean(process.env.DEBUG),
}

// Ctrl-C: the command says what it did (or stops at its next safe point first, then says it).
process.on('SIGINT', () => void ctrlC(ctx, (code) => process.exit(code)))

const code = await runProgram(ctx, process.argv.slice(2))
// Open handles (database pools, mail transports) must not keep a finished command alive.
process.exit(code)
