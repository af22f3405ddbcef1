import { createServer } from 'node:net'
import { join } from 'node:path'

/**
 * This test process's own scratch folder. scripts/run_tests.mjs runs several test processes at the
 * same time and gives each one its own (TEST_TMP_DIR), so files written under fixed names never
 * collide; a process started by hand uses tmp/.
 */
const TEST_TMP = process.env.TEST_TMP_DIR ?? 'tmp'

/** A path inside this process's scratch folder. */
export function testTmpPath(...parts: string[]) {
  return join(TEST_TMP, ...parts)
}

/**
 * A port the OS hands out for a server a test starts in another process (never a fixed offset from
 * PORT: two test processes run at once, and another program may hold any fixed port).
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}
