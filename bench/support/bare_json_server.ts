import { spawn, type ChildProcess } from 'node:child_process'

/*
| A bare node:http server in a process of its own: reads the request's body, then answers
| the JSON bytes given for its path (status 200, application/json). The baseline of
| bench/member_calls.ts: what Node itself costs for the same answer under the same load.
*/
const SERVER = `
const http = require('node:http')
const answers = new Map(JSON.parse(process.env.BARE_ANSWERS))
http.createServer((request, response) => {
  request.resume()
  request.on('end', () => {
    const body = answers.get(request.url.split('?')[0]) ?? '{}'
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) })
    response.end(body)
  })
}).listen(Number(process.env.BARE_PORT), '127.0.0.1', () => console.log('ready'))
`

/** Starts the bare server on `port` with one answer per path; resolves once it listens. */
export async function startBareJsonServer(
  port: number,
  answers: Map<string, string>
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', SERVER], {
    env: { ...process.env, BARE_PORT: String(port), BARE_ANSWERS: JSON.stringify([...answers]) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve())
    child.once('exit', (code) => reject(new Error(`The bare server stopped (${code})`)))
  })
  return child
}
