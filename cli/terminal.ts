import cliProgress from 'cli-progress'
import { CliError } from './errors.js'
import type { CliContext } from './context.js'

/** Prompts only make sense with a person at a terminal (a real process's own streams). */
export function interactive() {
  return Boolean(process.stdin.isTTY && process.stdout.isTTY)
}

/** A value from a flag, else from a prompt when a terminal is there, else a clear error. */
export async function valueOrPrompt(
  ctx: CliContext,
  value: string | undefined,
  flag: string,
  ask: () => Promise<string>
): Promise<string> {
  if (value !== undefined) return value
  if (!ctx.interactive()) throw new CliError(`Missing ${flag} (no terminal to ask)`)
  return ask()
}

/** A progress bar on the command's stderr (drawn only on a terminal). */
export function progressBar(ctx: CliContext, label: string) {
  const bar = new cliProgress.SingleBar(
    {
      stream: ctx.stderr,
      format: `${label} [{bar}] {percentage}% | {value}/{total}`,
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic
  )
  let started = false
  return {
    update(done: number, total: number) {
      if (!started) {
        bar.start(total, 0)
        started = true
      }
      bar.setTotal(total)
      bar.update(done)
      ctx.progress?.(label, done, total)
    },
    stop() {
      if (started) bar.stop()
    },
  }
}

/** Prints the first items of a list and how many more there are. */
export function printList(ctx: CliContext, lines: string[], max = 20) {
  for (const line of lines.slice(0, max)) ctx.stdout.write(`  ${line}\n`)
  if (lines.length > max) ctx.stdout.write(`  ... and ${lines.length - max} more\n`)
}
