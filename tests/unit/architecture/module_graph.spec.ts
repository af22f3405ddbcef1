import { execFile } from 'node:child_process'
import { readFile, readdir } from 'node:fs/promises'
import { promisify } from 'node:util'
import { test } from '@japa/runner'

/**
 * The "may call" column of docs/architecture.md's module table is the real module graph: built
 * from dependency-cruiser's JSON (every import of a file of modules/<a>/ that resolves into
 * modules/<b>/, type-only imports included), it must list exactly the same modules, and the graph
 * has no cycle. `npm run check:boundaries` checks the doors and the other rules file by file.
 */
const ROOT = new URL('../../../', import.meta.url)
type Graph = Map<string, Set<string>>

let cruised: Promise<Graph> | null = null
const realGraph = () => (cruised ??= cruiseModules())

async function cruiseModules(): Promise<Graph> {
  const { stdout } = await promisify(execFile)(
    'node_modules/.bin/depcruise',
    ['modules', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'],
    {
      cwd: ROOT,
      maxBuffer: 256 * 1024 * 1024,
    }
  )
  const cruise = JSON.parse(stdout) as {
    modules: { source: string; dependencies: { resolved: string }[] }[]
  }
  const graph: Graph = new Map((await moduleNames()).map((name) => [name, new Set<string>()]))
  for (const file of cruise.modules) {
    const from = moduleOf(file.source)
    if (!from) continue
    for (const dependency of file.dependencies) {
      const to = moduleOf(dependency.resolved)
      if (to && to !== from) graph.get(from)!.add(to)
    }
  }
  return graph
}

function moduleOf(path: string) {
  return /^modules\/([^/]+)\//.exec(path)?.[1] ?? null
}

async function moduleNames() {
  const entries = await readdir(new URL('modules/', ROOT), { withFileTypes: true })
  return entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
}

/** The table under "## Modules" in docs/architecture.md: `| module | owns | may call |`, "—" for none. */
async function documentedGraph(): Promise<Graph> {
  const doc = await readFile(new URL('docs/architecture.md', ROOT), 'utf8')
  const section = doc.split('\n## Modules')[1].split('\n## ')[0]
  const graph: Graph = new Map()
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim())
    if (cells.length !== 5 || !/^[a-z_]+$/.test(cells[1]) || cells[1] === 'module') continue
    const calls = cells[3] === '—' ? [] : cells[3].split(',').map((name) => name.trim())
    graph.set(cells[1], new Set(calls))
  }
  return graph
}

function asRows(graph: Graph) {
  return [...graph.entries()]
    .map(([name, calls]) => `${name} → ${[...calls].sort().join(', ') || '—'}`)
    .sort()
}

/** Every cycle's modules, found by a depth-first walk. */
function cycles(graph: Graph) {
  const found: string[] = []
  const walk = (name: string, path: string[]) => {
    for (const next of graph.get(name) ?? []) {
      if (next === path[0]) found.push([...path, next].join(' → '))
      else if (!path.includes(next) && next > path[0]) walk(next, [...path, next])
    }
  }
  for (const name of graph.keys()) walk(name, [name])
  return found
}

test.group('Architecture: the module graph', () => {
  test('the "may call" table of docs/architecture.md is the graph of the imports, module for module', async ({
    assert,
  }) => {
    assert.deepEqual(asRows(await documentedGraph()), asRows(await realGraph()))
  }).timeout(120_000)

  test('no cycle between modules', async ({ assert }) => {
    assert.deepEqual(cycles(await realGraph()), [])
  }).timeout(120_000)
})
