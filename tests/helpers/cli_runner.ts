import { execFile, spawn } from 'node:child_process'
import Database from 'better-sqlite3'
import { copyFile, rm } from 'node:fs/promises'
import { PassThrough, Writable } from 'node:stream'
import { ctrlC, Interrupts, type CliContext } from '#cli/context'
import { runProgram } from '#cli/program'
import { testTmpPath } from './test_paths.js'
import { FROM_SOURCE } from '#tests/helpers/source_node'
import { foldText } from '#modules/shared/index'

/** A dedicated, committed SQLite file for CLI tests (the CLI is another process: no rolled-back transaction). */
const CLI_DATABASE = testTmpPath('cli-test.sqlite3')
const CLI_OUTBOX = testTmpPath('cli-test-outbox')

/** What `npm run cli` runs: the compiled CLI (build/), recompiled when a source is newer. */
const CLI_ENTRY = ['--no-warnings', 'scripts/cli.mjs']

/** Works on the CLI's own SQLite file (what its processes committed), closed afterwards. */
export function withCliDatabase<T>(work: (database: InstanceType<typeof Database>) => T): T {
  const database = new Database(CLI_DATABASE)
  // The members' search indexes are on fold(column) (migration 0370): writing members needs it.
  database.function('fold', { deterministic: true }, foldText)
  try {
    return work(database)
  } finally {
    database.close()
  }
}

export function cliEnv(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    DB_CONNECTION: 'sqlite',
    SQLITE_PATH: CLI_DATABASE,
    OUTBOX_DIR: CLI_OUTBOX,
    SMTP_HOST: '',
    LOG_LEVEL: 'error',
  }
}

export interface CliRun {
  code: number
  stdout: string
  stderr: string
}

function run(file: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      { env: { ...cliEnv(), ...env }, timeout: 90_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0
        resolve({ code, stdout: String(stdout), stderr: String(stderr) })
      }
    )
  })
}

/** A stream that keeps what is written to it (not a terminal: no progress bar is drawn). */
function capture() {
  let text = ''
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk)
      done()
    },
  })
  return { stream, text: () => text }
}

/**
 * `npm run cli -- <args>` in this test process: the commander program of cli/program.ts on the
 * booted test application and its database connection (so inside isolateEachTest's rolled-back
 * transaction, on SQLite and MariaDB alike), with stdout, stderr and the exit code captured.
 */
export async function runCliInProcess(...args: string[]): Promise<CliRun> {
  const stdout = capture()
  const stderr = capture()
  const code = await runProgram(inProcessContext(stdout.stream, stderr.stream), args)
  return { code, stdout: stdout.text(), stderr: stderr.text() }
}

function inProcessContext(
  stdout: Writable,
  stderr: Writable,
  terminal?: CliContext['terminal']
): CliContext {
  return {
    stdout,
    stderr,
    terminal,
    interactive: () => terminal !== undefined,
    withApp: (work) => work(),
    interrupts: new Interrupts(),
    exitCode: 0,
    verbose: false,
  }
}

/**
 * runCliInProcess with a Ctrl-C (SIGINT) mid-work: pressed the first time the command's progress
 * bar shows what `when` asks (default: some done, not all), through cli/index.ts's own handler
 * (ctrlC), synchronously, as if the signal came while that batch was being reported. A Ctrl-C
 * that ends the command at once would end a real process there; in-process the work cannot be
 * abandoned, so that throws (the process tests, cli_interrupts.spec.ts, cover it).
 */
export async function runCliInProcessInterrupted(
  args: string[],
  when = (done: number, total: number) => done > 0 && done < total
): Promise<CliRun & { pressedAt: { done: number; total: number } | null }> {
  const stdout = capture()
  const stderr = capture()
  const ctx = inProcessContext(stdout.stream, stderr.stream)
  let pressedAt: { done: number; total: number } | null = null
  let endedAtOnce = false
  ctx.progress = (_label, done, total) => {
    if (pressedAt || !when(done, total)) return
    pressedAt = { done, total }
    void ctrlC(ctx, () => (endedAtOnce = true))
  }
  const code = await runProgram(ctx, args)
  if (endedAtOnce) throw new Error(`Ctrl-C ended ${args.join(' ')} at once: ${stderr.text()}`)
  return { code, stdout: stdout.text(), stderr: stderr.text(), pressedAt }
}

/** A prompt's text to wait for on the screen, and the keys typed then (Enter follows). */
export interface TypedAnswer {
  prompt: string
  answer: string
}

/**
 * runCliInProcess with a person at a terminal: the prompts (cli/prompts.ts) draw on the captured
 * stdout, as on a screen, and read keys from a stream into which each answer is typed when its
 * prompt appears. The prompts' own handling of keys (arrows, masking, Enter) is the real one; a real
 * pseudo-terminal, Ctrl-C and exit codes are the process tests' (runCliInTerminal).
 */
export async function runCliInProcessTerminal(
  args: string[],
  answers: TypedAnswer[]
): Promise<CliRun> {
  const keys = new PassThrough()
  let screen = ''
  /** Where on the screen the next prompt is looked for (after the one answered last). */
  let from = 0
  let next = 0
  const draw = (text: string) => {
    screen += text
    while (next < answers.length && screen.includes(answers[next].prompt, from)) {
      const { prompt, answer } = answers[next]
      from = screen.indexOf(prompt, from) + prompt.length
      next++
      // Typed once the prompt listens: it draws before it reads.
      setImmediate(() => keys.write(`${answer}\r`))
    }
  }
  // The screen, as process.stdout is: a prompt that closes pipes its end into it, and the screen
  // stays (later prompts and the command's own output go on drawing).
  const screenStream = new Writable({
    write(chunk, _encoding, done) {
      draw(String(chunk))
      done()
    },
  })
  screenStream.end = function (this: Writable) {
    return this
  } as Writable['end']
  const stderr = capture()
  const code = await runProgram(
    inProcessContext(screenStream, stderr.stream, { input: keys, output: screenStream }),
    args
  )
  return { code, stdout: screen, stderr: stderr.text() }
}

/** `npm run cli -- <args>` as a child process, without a terminal. */
export function runCli(...args: string[]): Promise<CliRun> {
  return run(process.execPath, [...CLI_ENTRY, ...args])
}

/** Compiles build/ (the server and the CLI) when a source is newer than it. */
export async function buildIfNeeded() {
  const build = await run(process.execPath, [
    '--input-type=module',
    '-e',
    "await (await import('./scripts/build.mjs')).buildIfNeeded()",
  ])
  if (build.code !== 0) throw new Error(`The build failed: ${build.stderr || build.stdout}`)
}

/** The CLI database as ace first made it in this test process, copied for the next files. */
const CLI_TEMPLATE = testTmpPath('cli-test.template.sqlite3')
let templateMade = false

/**
 * A fresh CLI database: migrated and seeded with the demo data through ace; the CLI compiled.
 * The first file of a test process runs the two ace processes (~6 s of CPU); the others get a copy
 * of what they made (the template lives only as long as this process: a later run may have new
 * migrations).
 */
export async function prepareCliDatabase() {
  await buildIfNeeded()
  for (const suffix of ['', '-wal', '-shm']) await rm(`${CLI_DATABASE}${suffix}`, { force: true })
  await rm(CLI_OUTBOX, { recursive: true, force: true })
  if (templateMade) return copyFile(CLI_TEMPLATE, CLI_DATABASE)
  for (const command of ['migration:run', 'db:seed']) {
    const result = await run(process.execPath, [...FROM_SOURCE, 'backend/bin/console.ts', command])
    if (result.code !== 0)
      throw new Error(`ace ${command} failed: ${result.stderr || result.stdout}`)
  }
  // Everything into the main file before it is copied (WAL mode keeps recent pages aside).
  withCliDatabase((database) => database.pragma('wal_checkpoint(TRUNCATE)'))
  await copyFile(CLI_DATABASE, CLI_TEMPLATE)
  templateMade = true
}

/**
 * Runs the CLI in a pseudo-terminal (util-linux `script`), answering each
 * prompt when its text appears on screen.
 */
export function runCliInTerminal(
  args: string[],
  answers: { prompt: string; answer: string }[]
): Promise<CliRun> {
  const command = [process.execPath, ...CLI_ENTRY, ...args]
    .map((part) => `'${part.replace(/'/g, `'\\''`)}'`)
    .join(' ')
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qfec', command, '/dev/null'], { env: cliEnv() })
    let screen = ''
    let next = 0
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`CLI in terminal timed out; screen so far:\n${screen}`))
    }, 90_000)
    child.stdout.on('data', (chunk) => {
      screen += String(chunk)
      while (next < answers.length && screen.includes(answers[next].prompt)) {
        child.stdin.write(`${answers[next].answer}\r`)
        screen = screen.slice(screen.indexOf(answers[next].prompt) + answers[next].prompt.length)
        next++
      }
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code: code ?? 1, stdout: screen, stderr: '' })
    })
  })
}
