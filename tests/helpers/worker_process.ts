/*
| A fulfilment worker in its own process, for tests that kill and restart
| it. KILL_AFTER_STEP=<step> makes it die (SIGKILL, no clean-up) right
| after that step was committed. SIGTERM stops it cleanly.
*/
process.env.NODE_ENV = 'test'

import { bootApp } from '../../backend/bin/boot_app.js'

const app = await bootApp()

const { createFulfilmentWorker } = await import('#modules/fulfilment/index')
const emitter = (await import('@adonisjs/core/services/emitter')).default

const killAfter = process.env.KILL_AFTER_STEP
if (killAfter) {
  emitter.on('fulfilment:step_finished', ({ step }) => {
    if (step === killAfter) process.kill(process.pid, 'SIGKILL')
  })
}

const worker = createFulfilmentWorker({ pollMs: 100 })
worker.start()
process.send?.('ready')

// The test process is gone (it ended, failed or was killed): so is this one. It shares the test
// job's stderr, and a process left running would keep the test command waiting on that pipe.
process.on('disconnect', () => process.exit(1))
process.on('SIGTERM', async () => {
  await worker.stop()
  await app.terminate()
  process.exit(0)
})
