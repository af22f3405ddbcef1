import { spawn, type ChildProcess } from 'node:child_process'
import { FROM_SOURCE } from '#tests/helpers/source_node'

/** An app server from the sources in a process of its own (the test run's database settings). */
export interface AppServerProcess {
  base: string
  output: () => string
  stop: () => Promise<void>
}

/**
 * Starts `backend/bin/server.ts` on `port` with the test run's environment
 * plus `env`, and waits until /api/health (or `probe`) answers. Background workers are
 * off unless `env` turns them on.
 */
export async function startAppServer(
  port: number,
  env: NodeJS.ProcessEnv = {},
  probe = '/api/health',
  /** How long it may take to answer (from sources, on a loaded machine, it can take a minute). */
  startMs = 60_000
): Promise<AppServerProcess> {
  const base = `http://127.0.0.1:${port}`
  if (
    await fetch(`${base}/api/health`).then(
      () => true,
      () => false
    )
  )
    throw new Error(`Port ${port} is already taken`)
  const child: ChildProcess = spawn(process.execPath, [...FROM_SOURCE, 'backend/bin/server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      BACKGROUND_WORKERS: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const stop = () => stopChild(child)
  for (let attempt = 0; attempt < startMs / 250; attempt++) {
    if (child.exitCode !== null)
      throw new Error(`The app server on port ${port} stopped: ${output}`)
    try {
      if ((await fetch(`${base}${probe}`)).ok) return { base, output: () => output, stop }
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  child.kill('SIGKILL')
  throw new Error(`The app server on port ${port} did not answer: ${output}`)
}

/** SIGTERM to a child process; resolves once it has exited (its port is free again). */
export function stopChild(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}
