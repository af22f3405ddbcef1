/*
| Japa entry point (`node ace test`).
*/
process.env.NODE_ENV = 'test'

import 'reflect-metadata'
import { prettyPrintError } from '@adonisjs/core'
import { configure, processCLIArgs, run } from '@japa/runner'
import { createIgnitor } from './app_root.js'

/**
 * Ends the application, or gives up after `ms`: closing the database pool waits for every connection
 * in use, and one held by a transaction a timed-out test never ended would wait for ever (the summary
 * is printed after this teardown). Said on stderr, so the leak is seen.
 */
async function terminateWithin(app: { terminate(): Promise<void> }, ms: number) {
  let timer: NodeJS.Timeout | undefined
  const gaveUp = new Promise<'gave up'>((resolve) => {
    timer = setTimeout(() => resolve('gave up'), ms)
  })
  const outcome = await Promise.race([app.terminate(), gaveUp])
  clearTimeout(timer)
  if (outcome === 'gave up')
    console.error(
      `The application did not terminate within ${ms} ms (a database connection still in use?)`
    )
}

createIgnitor()
  .testRunner()
  .configure(async (app) => {
    const { runnerHooks, ...config } = await import('#tests/bootstrap')
    const { spec } = await import('@japa/runner/reporters')
    const { fileTimings } = await import('#tests/helpers/file_timings')
    processCLIArgs(process.argv.splice(2))
    // scripts/run_tests.mjs asks each of its processes for the time each file took.
    const timingsFile = process.env.TEST_TIMINGS_FILE
    configure({
      ...app.rcFile.tests,
      // A browser test that failed gets one more attempt: a real browser on a loaded 2-core machine has
      // timing flakes. scripts/test-all.sh lists every test that passed only on its second attempt.
      suites: app.rcFile.tests.suites.map((suite) =>
        suite.name === 'browser' ? { ...suite, retries: 1 } : suite
      ),
      ...config,
      ...(timingsFile
        ? {
            reporters: {
              activated: ['spec', 'file-timings'],
              list: [spec(), fileTimings(timingsFile)],
            },
          }
        : {}),
      // The process ends once the summary is printed: a handle a test left open (a timer, a socket,
      // a child's pipe) must not keep the job, and so the whole test command, waiting for ever.
      forceExit: true,
      ...{
        setup: runnerHooks.setup,
        teardown: runnerHooks.teardown.concat([() => terminateWithin(app, 20_000)]),
      },
    })
  })
  .run(() => run())
  .catch((error) => {
    process.exitCode = 1
    prettyPrintError(error)
  })
