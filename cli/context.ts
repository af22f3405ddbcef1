/*
| What a command needs from the world around it: where its output goes, whether a person can
| answer prompts, how the application is booted, and what Ctrl-C does. A real process
| (cli/index.ts) gives its own streams and boots the app; the tests give captured streams and
| the already booted test application (tests/helpers/cli_runner.ts, runCliInProcess).
*/

/** What Ctrl-C does while a command works (cli/interrupts: `ctx.interrupts.during`). */
export interface Watch {
  /** What was done so far: printed when Ctrl-C ends the command at once. */
  report: () => string | Promise<string>
  /**
   * When set, the first Ctrl-C asks the command to stop at its next safe point (it watches
   * `ctx.interrupts.signal`) and this is printed; the command then says what it did.
   */
  stopping?: string
  /** A second Ctrl-C while stopping ends at once, unless this is false (links being written). */
  secondEndsAtOnce?: boolean
}

export class Interrupts {
  #controller = new AbortController()
  #watch: Watch | null = null

  /** Aborted by the first Ctrl-C of a command that stops at a safe point. */
  get signal(): AbortSignal {
    return this.#controller.signal
  }

  get stopped() {
    return this.#controller.signal.aborted
  }

  /** What Ctrl-C says and does from now on. */
  during(watch: Watch) {
    this.#watch = watch
  }

  /** A Ctrl-C: the line to print, and whether the command ends now (exit 130). */
  async press(): Promise<{ message: string; end: boolean }> {
    const watch = this.#watch
    if (watch?.stopping && !this.stopped) {
      this.#controller.abort()
      return { message: `Stopping: ${watch.stopping}`, end: false }
    }
    if (watch?.stopping && watch.secondEndsAtOnce === false)
      return { message: `Still stopping: ${watch.stopping}`, end: false }
    const report = watch ? await watch.report() : 'nothing was done.'
    return { message: `Interrupted: ${report}`, end: true }
  }
}

export interface CliContext {
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
  /** Whether a person at a terminal can answer prompts. */
  interactive: () => boolean
  /** Where prompts read keys and draw (cli/prompts.ts); unset: the process's stdin and stdout. */
  terminal?: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream }
  /** Runs `work` with the application booted (its database, services and config). */
  withApp: <T>(work: () => Promise<T>) => Promise<T>
  interrupts: Interrupts
  /** The exit code of the command run (set by `handled`). */
  exitCode: number
  /** --verbose (or DEBUG set): an error's raw detail is printed under its one line. */
  verbose: boolean
  /**
   * Told of each progress bar update (cli/terminal.ts progressBar) as it is drawn; the
   * in-process tests press Ctrl-C from it mid-work (tests/helpers/cli_runner.ts).
   */
  progress?: (label: string, done: number, total: number) => void
}

/**
 * A Ctrl-C (SIGINT) while `ctx`'s command runs: its line on stderr, and exit(130) when it ends
 * the command at once (cli/index.ts ends the process; the in-process tests cannot).
 */
export async function ctrlC(ctx: CliContext, exit: (code: number) => void) {
  const { message, end } = await ctx.interrupts.press()
  ctx.stderr.write(`\n${message}\n`)
  if (end) exit(130)
}

/** Prints one line on the command's stdout. */
export function say(ctx: CliContext, line: string) {
  ctx.stdout.write(`${line}\n`)
}
