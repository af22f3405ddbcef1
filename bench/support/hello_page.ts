/**
 * The baseline page: a minimal Vite React page (a heading and a counter, as Vite's React
 * template), generated and built at bench time into tmp/bench-hello (nothing committed) with
 * the same plugins as the product (React, brotli + gzip twins), and served by a small static
 * server that picks the twins by Accept-Encoding and sends the product's cache headers.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import http from 'node:http'
import { extname, join, normalize } from 'node:path'
import { build } from 'vite'
import react from '@vitejs/plugin-react'
import { compression } from 'vite-plugin-compression2'

const DIR = join(process.cwd(), 'tmp/bench-hello')
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
}

export async function buildHelloPage() {
  mkdirSync(join(DIR, 'src'), { recursive: true })
  writeFileSync(
    join(DIR, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head><meta charset="UTF-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" /><title>Hello</title></head>\n' +
      '  <body><div id="root"></div><script type="module" src="/src/main.jsx"></script></body>\n</html>\n'
  )
  writeFileSync(
    join(DIR, 'src/main.jsx'),
    `import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
function App() {
  const [count, setCount] = useState(0)
  return <main><h1>Hello</h1><button onClick={() => setCount((c) => c + 1)}>count is {count}</button></main>
}
createRoot(document.getElementById('root')).render(<StrictMode><App /></StrictMode>)
`
  )
  await build({
    root: DIR,
    configFile: false,
    logLevel: 'warn',
    plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'] })],
    build: { outDir: 'dist', emptyOutDir: true },
  })
}

/** Serves tmp/bench-hello/dist on `port`; every path that is not a file gets index.html. */
export async function serveHelloPage(port: number): Promise<http.Server> {
  const dist = join(DIR, 'dist')
  const server = http.createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname))
    let file = join(dist, path)
    if (
      !file.startsWith(dist) ||
      !(await stat(file).then(
        (s) => s.isFile(),
        () => false
      ))
    )
      file = join(dist, 'index.html')
    const accepts = String(req.headers['accept-encoding'] ?? '')
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null
    const twin =
      encoding && (await readFile(`${file}.${encoding === 'br' ? 'br' : 'gz'}`).catch(() => null))
    res.setHeader('Content-Type', TYPES[extname(file)] ?? 'application/octet-stream')
    res.setHeader(
      'Cache-Control',
      file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache'
    )
    res.setHeader('Vary', 'Accept-Encoding')
    if (twin) res.setHeader('Content-Encoding', encoding!)
    res.end(twin ?? (await readFile(file)))
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return server
}
