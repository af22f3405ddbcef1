/*
| An application instance in its own process running the exchange-rate
| scheduler, for tests of the cross-process lock. It boots the app like
| worker_process.ts, waits for a "go" message (so that several instances
| start ticking at the same moment), then starts the production
| RatesScheduler with a short check period (TICK_MS, default 100 ms; the
| web process checks every 30 s). SIGTERM stops it cleanly.
*/
process.env.NODE_ENV = 'test'

import { bootApp } from '../../backend/bin/boot_app.js'

const app = await bootApp()

const { RatesScheduler } = await import('#modules/catalog/index')
const scheduler = new RatesScheduler(process.env.SCHEDULER_OWNER, {
  tickMs: Number(process.env.TICK_MS ?? 100),
})

process.on('message', (message) => {
  if (message === 'go') scheduler.start()
})
// The test process is gone (it ended, failed or was killed): so is this one. It shares the test
// job's stderr, and a process left running would keep the test command waiting on that pipe.
process.on('disconnect', () => process.exit(1))
process.on('SIGTERM', async () => {
  scheduler.stop()
  await app.terminate()
  process.exit(0)
})
process.send?.('ready')
