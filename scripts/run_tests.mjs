/*
| Runs every check and test suite of the README's test command at the same time, in separate
| processes (scripts/test-all.sh calls it once MariaDB is up and the frontend built):
| - the checks: type checks and every `check:*` npm script (boundaries, API contract lint, ...);
| - unit + functional suites on SQLite and on MariaDB, one process each;
| - the browser files on SQLite, shared out between TEST_BROWSER_SHARDS processes by how long each
|   file took last time (tests/browser/durations.json), and on MariaDB the browser tests tagged
|   @database (where the database matters: docs/developing.md).
| Each test process gets its own port (handed out by the OS), database (file or MariaDB schema),
| scratch folder, storage folder and screenshot folder, so none sees another's files.
| Three steps come first and the test jobs wait for them: compiling better-sqlite3 for this Node.js
| (test-all.sh installs with `npm ci --ignore-scripts`: the compile is about 90 s of one core), the
| frontend build and the server build. The checks need none of them and fill the other core meanwhile.
| At most TEST_PARALLEL jobs run at once (cores + 1), longest first. Each job's output is printed whole when it
| ends; the last line is "N passed, N failed". `--plan` prints the jobs and runs none.
*/
import { spawn, execFileSync } from 'node:child_process'
import { createServer } from 'node:net'
import {
  appendFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { join, relative } from 'node:path'
import { cpus } from 'node:os'

const RUN_DIR = 'tmp/run'
const DURATIONS_FILE = 'tests/browser/durations.json'
/**
 * One job more than cores: a job waiting on its children (a process it killed, a browser's
 * renderer, MariaDB's disk) left a core idle with one job per core (82–89 % busy); with one more
 * the 2-core run went from 17 min 3 s to 13 min 58 s (96 % busy), the same 1,777 tests passing.
 */
const PARALLEL = Number(process.env.TEST_PARALLEL ?? cpus().length + 1)
/**
 * Four shards of ~220 s: with three (~290 s each) the last one ran alone for ~170 s at the end of
 * the 02:44 run, one core idle; a shard's own start costs ~10 s.
 */
const BROWSER_SHARDS = Number(process.env.TEST_BROWSER_SHARDS ?? 4)
const DATABASES = (process.env.TEST_DATABASES ?? 'sqlite,mariadb').split(',')
const MARIADB = {
  host: process.env.DB_HOST ?? '127.0.0.1',
  user: process.env.DB_USER ?? 'portal',
  password: process.env.DB_PASSWORD ?? 'portal',
}
/**
 * Seconds any one job may take: three times the longest seen on the slowest machine (811 s, the SQLite
 * unit + functional job), so only a hang reaches it.
 */
const JOB_LIMIT_SECONDS = Number(process.env.TEST_JOB_LIMIT ?? 2400)
/** Seconds a unit + functional pass takes (the estimate only orders the queue). */
const FUNCTIONAL_ESTIMATE = 650

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    return entry.isDirectory() ? listFiles(path) : entry.name.endsWith('.spec.ts') ? [path] : []
  })
}

/** Longest-processing-time first: each file to the shard with the least work so far. */
function shareOut(files, durations, shards) {
  const known = Object.values(durations).sort((a, b) => a - b)
  const fallback = known.length ? known[Math.floor(known.length / 2)] : 30
  const weighted = files
    .map((file) => ({ file, seconds: durations[file] ?? fallback }))
    .sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file))
  const bins = Array.from({ length: shards }, () => ({ files: [], seconds: 0 }))
  for (const { file, seconds } of weighted) {
    const bin = bins.reduce((least, candidate) =>
      candidate.seconds < least.seconds ? candidate : least
    )
    bin.files.push(file)
    bin.seconds += seconds
  }
  return bins.filter((bin) => bin.files.length > 0)
}

function readDurations() {
  return existsSync(DURATIONS_FILE) ? JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) : {}
}

/** What every test job waits for; each step runs once, before any job that needs it. */
const STEPS = [
  {
    provides: 'native',
    name: 'step: better-sqlite3 for this Node.js',
    script: 'scripts/native_modules.mjs',
    // -O1 instead of the package's -O3: a third of the compiler's CPU (SQLite's 9 MB amalgamation
    // took 90 s of one core at -O3, 27 s at -O1), for the same SQLite. Only this build of the test
    // command; `npm install` builds the package as it ships (docs/developing.md).
    env: { CFLAGS: '-O1', CXXFLAGS: '-O1' },
  },
  { provides: 'frontend', name: 'step: frontend build', script: 'scripts/build_frontend.mjs' },
  // Emitted without a type check: the "types (server)" check covers the same files.
  {
    provides: 'server',
    name: 'step: server and CLI build',
    script: 'scripts/build.mjs',
    args: ['--no-check'],
  },
]

function plan() {
  const jobs = STEPS.map((step) => ({
    kind: 'step',
    name: step.name,
    provides: step.provides,
    command: process.execPath,
    args: [step.script, ...(step.args ?? [])],
    env: step.env,
    estimate: Number.MAX_SAFE_INTEGER,
  }))
  const needs = STEPS.map((step) => step.provides)
  const checks = [
    ['types (server)', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
    ['types (shop and back-office)', 'npx', ['tsc', '--noEmit', '-p', 'frontend/tsconfig.json']],
  ]
  const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts ?? {}
  for (const name of Object.keys(scripts).filter((script) => script.startsWith('check:')))
    checks.push([name, 'npm', ['run', '--silent', name]])
  for (const [name, command, args] of checks)
    jobs.push({ kind: 'check', name, command, args, estimate: 60 })

  const durations = readDurations()
  const browserFiles = listFiles('tests/browser')
    .map((file) => relative('.', file))
    .sort()
  for (const database of DATABASES) {
    // The unit suite touches no database (tests/unit/architecture/unit_suite_database.spec.ts): once,
    // with SQLite. The CLI and compiled-build files run their processes on their own SQLite file
    // (@own-sqlite): once too.
    // Tests that cannot differ between the databases (@one-database) run once too.
    const functionalArgs =
      database === 'sqlite'
        ? ['unit', 'functional']
        : ['functional', '--tags=~@own-sqlite', '--tags=~@one-database']
    jobs.push({
      kind: 'japa',
      needs,
      name: database === 'sqlite' ? 'sqlite: unit + functional' : `${database}: functional`,
      database,
      args: functionalArgs,
      estimate: FUNCTIONAL_ESTIMATE,
    })
    if (database === 'sqlite') {
      shareOut(browserFiles, durations, BROWSER_SHARDS).forEach((bin, index) =>
        jobs.push({
          kind: 'japa',
          needs,
          name: `sqlite: browser ${index + 1}`,
          database,
          args: ['browser', ...bin.files.map((file) => `--files=${file}`)],
          estimate: bin.seconds,
        })
      )
    } else {
      jobs.push({
        kind: 'japa',
        needs,
        name: `${database}: browser @database`,
        database,
        args: ['browser', '--tags=@database'],
        estimate: 120,
      })
    }
  }
  // TEST_JOBS (a pattern of job names, e.g. "functional|types") runs some of them only (and the steps).
  const only = process.env.TEST_JOBS ? new RegExp(process.env.TEST_JOBS) : null
  return jobs
    .filter((job) => job.kind === 'step' || !only || only.test(job.name))
    .sort((a, b) => b.estimate - a.estimate)
}

function slug(name) {
  return name
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
}

function createMariaDbSchema(schema) {
  const sql = `DROP DATABASE IF EXISTS ${schema}; CREATE DATABASE ${schema} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;`
  execFileSync(
    'mysql',
    [`-u${MARIADB.user}`, `-p${MARIADB.password}`, `-h${MARIADB.host}`, '-e', sql],
    { stdio: 'inherit' }
  )
}

async function environmentOf(job, id) {
  const dir = join(RUN_DIR, id)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const screenshots =
    job.database === 'sqlite' ? 'tmp/screenshots' : `tmp/screenshots/${job.database}`
  mkdirSync(screenshots, { recursive: true })
  const env = {
    ...process.env,
    PORT: String(await freePort()),
    TEST_TMP_DIR: dir,
    SQLITE_PATH: join(dir, 'test.sqlite3'),
    STORAGE_DIR: join(dir, 'storage'),
    IMPORT_CACHE_DIR: join(dir, 'imports'),
    SCREENSHOT_DIR: screenshots,
    TEST_TIMINGS_FILE: join(dir, 'timings.json'),
    DB_CONNECTION: job.database === 'sqlite' ? 'sqlite' : 'mysql',
    FORCE_COLOR: process.env.FORCE_COLOR ?? '1',
    // Screenshots for looking at screens: on request only (tests/helpers/browser.ts).
    SCREENSHOTS: process.env.SCREENSHOTS ?? '0',
  }
  // Each process that needs Redis starts its own (session_revocation.spec.ts): a shared one would mix keys.
  delete env.REDIS_PORT
  if (job.database === 'mariadb') {
    const schema = `portal_test_${id.replace(/-/g, '_')}`
    createMariaDbSchema(schema)
    Object.assign(env, {
      DB_HOST: MARIADB.host,
      DB_USER: MARIADB.user,
      DB_PASSWORD: MARIADB.password,
      DB_DATABASE: schema,
    })
  }
  return env
}

/** Japa's summary: "Tests  3 failed, 40 passed (43)" or "Tests  43 passed (43)". */
function summaryOf(log) {
  const plain = log.replace(/\x1b\[[0-9;]*m/g, '')
  const line = plain
    .split('\n')
    .filter((text) => /^ *Tests /.test(text))
    .pop()
  const count = (word) => Number(line?.match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0)
  const retried = plain
    .split('\n')
    .filter((text) => text.includes('(x2)') && !text.includes('(retried on purpose)'))
  return { found: Boolean(line), passed: count('passed'), failed: count('failed'), retried }
}

/** Process groups of the jobs running now. */
const running = new Set()

function endGroup(pid) {
  running.delete(pid)
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    // The group has ended already.
  }
}

// Ctrl-C or a CI timeout ends every job's processes too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const pid of running) endGroup(pid)
    process.exit(130)
  })
}

async function runJob(job, id) {
  const started = Date.now()
  const logPath = join(RUN_DIR, `${id}.log`)
  const env =
    job.kind === 'japa' ? await environmentOf(job, id) : { ...process.env, ...(job.env ?? {}) }
  const [command, args] =
    job.kind === 'japa'
      ? [
          process.execPath,
          [
            '--no-warnings',
            '--import=./scripts/swc_register.mjs',
            'backend/bin/test.ts',
            ...job.args,
          ],
        ]
      : [job.command, job.args]
  // TEST_CPU_TIMES=1: each job's CPU seconds (its own and its waited-for children's, user + system)
  // beside its wall time, through GNU time (Debian's `time` package), for finding where the cores go.
  const cpuPath = join(RUN_DIR, `${id}.cpu`)
  const [run, runArgs] =
    process.env.TEST_CPU_TIMES === '1'
      ? ['/usr/bin/time', ['-f', '%U %S', '-o', cpuPath, command, ...args]]
      : [command, args]
  const log = createWriteStream(logPath)
  let timedOut = false
  const code = await new Promise((resolve) => {
    // Its own process group: whatever it leaves running (an app server, a worker a test forked, Chromium)
    // is ended with it, and never competes with the next job for the cores.
    const child = spawn(run, runArgs, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    running.add(child.pid)
    child.stdout.pipe(log, { end: false })
    child.stderr.pipe(log, { end: false })
    // A job that hangs is ended at its limit and fails with what it printed, instead of holding the
    // run until CI's own limit ends it with nothing said of which test hung.
    const limit = setTimeout(() => {
      timedOut = true
      endGroup(child.pid)
    }, JOB_LIMIT_SECONDS * 1000)
    let exitCode
    const finish = () => {
      clearTimeout(limit)
      resolve(timedOut ? 124 : (exitCode ?? 1))
    }
    // 'exit', not only 'close': a grandchild that outlives the job (a server a test started) keeps the
    // pipes open, and 'close' would wait for it for ever. The group is ended, then the pipes drain.
    child.on('exit', (status) => {
      exitCode = status
      endGroup(child.pid)
      setTimeout(() => {
        child.stdout.destroy()
        child.stderr.destroy()
      }, 5000).unref()
    })
    child.on('close', finish)
  })
  await new Promise((resolve) => log.end(resolve))
  if (timedOut)
    appendFileSync(
      logPath,
      `\n!! ${job.name} did not end within ${JOB_LIMIT_SECONDS} s (TEST_JOB_LIMIT): its processes were killed. The test after the last one listed above is the one that hung.\n`
    )
  const output = readFileSync(logPath, 'utf8')
  const seconds = Math.round((Date.now() - started) / 1000)
  const cpu = existsSync(cpuPath)
    ? Math.round(
        readFileSync(cpuPath, 'utf8')
          .trim()
          .split('\n')
          .at(-1)
          .split(' ')
          .reduce((sum, value) => sum + Number(value), 0)
      )
    : undefined
  let result
  if (job.kind !== 'japa') {
    result =
      code === 0 ? { passed: 1, failed: 0, retried: [] } : { passed: 0, failed: 1, retried: [] }
  } else {
    const summary = summaryOf(output)
    result = { ...summary }
    if (!summary.found) result.failed += 1
    // A suite whose setup failed (a port in use, say) is not in the summary: the exit code tells.
    if ((code !== 0 || timedOut) && result.failed === 0) result.failed = 1
  }
  process.stdout.write(`\n== ${job.name} (${seconds} s, exit ${code})\n${output}`)
  process.stdout.write(
    `== ${job.name}: ${result.passed} passed, ${result.failed} failed in ${seconds} s\n`
  )
  if (job.kind !== 'japa' && code !== 0) process.stdout.write(`!! ${job.name} failed\n`)
  return { job, id, seconds, cpu, ...result }
}

async function main() {
  mkdirSync(RUN_DIR, { recursive: true })
  const queue = plan()
  console.log(`== ${queue.length} jobs, at most ${PARALLEL} at once:`)
  for (const job of queue)
    console.log(
      `   ${job.name} (${job.kind === 'step' ? 'first' : `about ${Math.round(job.estimate)} s`}${job.kind === 'japa' ? `: ${job.args.filter((arg) => !arg.startsWith('--files=')).join(' ')}${job.args.some((arg) => arg.startsWith('--files=')) ? ` ${job.args.filter((arg) => arg.startsWith('--files=')).length} files` : ''}` : ''})`
    )
  if (process.argv.includes('--plan')) return { passed: 0, failed: 0, planOnly: true }
  const results = []
  /** provides → true (done) or false (failed); a step running has no entry yet. */
  const stepsEnded = new Map()
  let stepEnded = Promise.withResolvers()
  let started = 0
  const ready = (job) => (job.needs ?? []).every((need) => stepsEnded.has(need))
  const worker = async () => {
    while (queue.length > 0) {
      const index = queue.findIndex(ready)
      if (index === -1) {
        await stepEnded.promise
        continue
      }
      const [job] = queue.splice(index, 1)
      started += 1
      const id = `${started}-${slug(job.name)}`
      const failedStep = (job.needs ?? []).find((need) => !stepsEnded.get(need))
      const result = failedStep
        ? { job, id, seconds: 0, passed: 0, failed: 1, retried: [] }
        : await runJob(job, id)
      if (failedStep)
        process.stdout.write(`!! ${job.name} not run: the ${failedStep} step failed\n`)
      results.push(result)
      if (job.provides) {
        stepsEnded.set(job.provides, result.failed === 0)
        stepEnded.resolve()
        stepEnded = Promise.withResolvers()
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL, queue.length) }, worker))

  // Each browser file's time, for sharing the files out next time (copy to tests/browser/durations.json).
  const timings = {}
  for (const { job, id } of results) {
    const file = join(RUN_DIR, id, 'timings.json')
    if (job.database === 'sqlite' && job.args[0] === 'browser' && existsSync(file))
      Object.assign(timings, JSON.parse(readFileSync(file, 'utf8')))
  }
  writeFileSync(
    join(RUN_DIR, 'browser-durations.json'),
    JSON.stringify(Object.fromEntries(Object.entries(timings).sort()), null, 2) + '\n'
  )

  const retried = results.flatMap((result) => result.retried)
  if (retried.length) {
    console.log(
      '== Passed only on a second attempt (flaky: each is a defect to find, docs/developing.md)'
    )
    for (const line of retried) console.log(line)
  }
  console.log('== Jobs')
  for (const result of results.sort((a, b) => b.seconds - a.seconds))
    console.log(
      `   ${result.job.name}: ${result.passed} passed, ${result.failed} failed, ${result.seconds} s${result.cpu === undefined ? '' : ` (CPU ${result.cpu} s)`}`
    )
  const passed = results.reduce((sum, result) => sum + result.passed, 0)
  const failed = results.reduce((sum, result) => sum + result.failed, 0)
  return { passed, failed }
}

/** The machine's CPU time so far, busy and idle (jiffies of /proc/stat; null where there is none). */
function cpuJiffies() {
  if (!existsSync('/proc/stat')) return null
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/)
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number)
  return { busy: user + nice + system + irq + softirq + steal, idle: idle + iowait }
}

const cpuAtStart = cpuJiffies()
const { passed, failed, planOnly } = await main()
if (planOnly) process.exit(0)
const elapsed = Math.round(
  Date.now() / 1000 - Number(process.env.TEST_ALL_STARTED ?? Date.now() / 1000)
)
const cpuAtEnd = cpuJiffies()
// How much of the cores the jobs kept busy (everything on the machine counts): the run is CPU-bound
// when this is near 100 %, and then only less work makes it faster.
const busy =
  cpuAtStart && cpuAtEnd
    ? ` (cores ${Math.round((100 * (cpuAtEnd.busy - cpuAtStart.busy)) / (cpuAtEnd.busy - cpuAtStart.busy + cpuAtEnd.idle - cpuAtStart.idle))} % busy during the jobs)`
    : ''
console.log(`== Done in ${Math.floor(elapsed / 60)} min ${elapsed % 60} s${busy}`)
console.log(`${passed} passed, ${failed} failed`)
process.exitCode = failed === 0 && passed > 0 ? 0 : 1
