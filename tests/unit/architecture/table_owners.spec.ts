import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { test } from '@japa/runner'
import ts from 'typescript'

/**
 * One writer per table: the module listed as a table's owner in docs/architecture.md ("## Owner
 * of each table") is the only module whose code writes it. Static analysis of modules/ with
 * TypeScript's type checker (no database). A write is:
 * - a query-builder chain that names its table (`.from('x')`, `.table('x')`, `.into('x')`,
 *   `db.insertQuery().table('x')`) or starts at a model (`Model.query()`, `db.modelQuery(Model)`)
 *   and calls insert/multiInsert/update/delete/del/increment/decrement/merge/upsert/truncate;
 * - raw SQL in a string or template literal: INSERT [IGNORE] INTO x, REPLACE INTO x, UPDATE x,
 *   DELETE FROM x (x a known table);
 * - a model's static writes (create, createMany, updateOrCreate, updateOrCreateMany, firstOrCreate,
 *   fetchOrCreateMany, updateOrCreateMany, truncate) and an instance's save()/delete(), the model
 *   found by the receiver's type (so `entry.member.merge(x).save()` counts for members).
 * - a known table's name given as the `table` argument of a writing helper (insert…, write…,
 *   update…, delete…, upsert…): `insertRows(trx, 'products', …)`.
 * Not seen: table names computed at run time (a variable passed to `.from()` or to a helper, e.g.
 * imports' clean-up deleting each table of a list), writes through relations
 * (`member.related('x').create()`), `db.rawQuery` text assembled from pieces, and code outside
 * modules/ (cli/, backend/, database/ seeders).
 */
const ROOT = new URL('../../../', import.meta.url)
const rootPath = fileURLToPath(ROOT)

const QUERY_WRITES = new Set([
  'insert',
  'multiInsert',
  'update',
  'delete',
  'del',
  'increment',
  'decrement',
  'merge',
  'upsert',
  'truncate',
])
const TABLE_NAMING = new Set(['from', 'table', 'into'])
const STATIC_WRITES = new Set([
  'create',
  'createMany',
  'updateOrCreate',
  'updateOrCreateMany',
  'firstOrCreate',
  'fetchOrCreateMany',
  'truncate',
])
const INSTANCE_WRITES = new Set(['save', 'delete'])
const RAW_WRITE =
  /\b(?:insert\s+(?:ignore\s+)?into|replace\s+into|update|delete\s+from)\s+[`"']?([a-z_][a-z0-9_]*)/gi

interface Write {
  module: string
  table: string
  at: string
}

/** The table under "## Owner of each table": `| table | owner | note |`. */
async function documentedOwners() {
  const doc = await readFile(new URL('docs/architecture.md', ROOT), 'utf8')
  const section = doc.split('\n## Owner of each table')[1]?.split('\n## ')[0] ?? ''
  const owners = new Map<string, string>()
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim())
    if (cells.length !== 5 || cells[1] === 'table' || !/^`?[a-z_0-9]+`?$/.test(cells[1])) continue
    owners.set(cells[1].replaceAll('`', ''), cells[2])
  }
  return owners
}

/** The tables the database migrations create. */
async function migratedTables() {
  const { readdir } = await import('node:fs/promises')
  const tables = new Set<string>()
  const dir = new URL('database/migrations/', ROOT)
  for (const name of await readdir(dir)) {
    const text = await readFile(new URL(name, dir), 'utf8')
    for (const match of text.matchAll(/createTable\(\s*['"]([a-z_0-9]+)['"]/g)) tables.add(match[1])
    for (const match of text.matchAll(/tableName\s*=\s*['"]([a-z_0-9]+)['"]/g)) tables.add(match[1])
  }
  return tables
}

function moduleOf(fileName: string) {
  return /\/modules\/([^/]+)\//.exec(fileName)?.[1] ?? null
}

let scanned: Promise<Write[]> | null = null
const tableWrites = (tables: Set<string>) => (scanned ??= scanWrites(tables))

async function scanWrites(tables: Set<string>): Promise<Write[]> {
  const configPath = ts.findConfigFile(rootPath, ts.sys.fileExists, 'tsconfig.json')!
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    }
  )!
  const roots = config.fileNames.filter((name) => moduleOf(name) && !name.endsWith('.d.ts'))
  const program = ts.createProgram(roots, { ...config.options, noEmit: true })
  const checker = program.getTypeChecker()
  const writes: Write[] = []

  /** The table of a model class (its static `table`, else Lucid's snake-case plural). */
  const modelTable = (declaration: ts.ClassDeclaration) => {
    for (const member of declaration.members) {
      if (
        ts.isPropertyDeclaration(member) &&
        member.name.getText() === 'table' &&
        member.initializer &&
        ts.isStringLiteral(member.initializer)
      )
        return member.initializer.text
    }
    const name = declaration.name!.text.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()
    return name.endsWith('y') ? `${name.slice(0, -1)}ies` : `${name}s`
  }
  /** The model class a type is (an instance) or a symbol names (the class), when it is declared in modules/. */
  const modelClassOf = (symbol: ts.Symbol | undefined) => {
    const resolved =
      symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
    const declaration = resolved?.declarations?.find(ts.isClassDeclaration)
    if (!declaration || !/\/modules\/[^/]+\/models\//.test(declaration.getSourceFile().fileName))
      return null
    return declaration
  }
  const instanceModel = (node: ts.Expression) =>
    modelClassOf(checker.getTypeAtLocation(node).getSymbol())
  const classModel = (node: ts.Expression) => {
    const declaration = modelClassOf(checker.getSymbolAtLocation(node))
    return declaration ? modelTable(declaration) : null
  }

  /**
   * The tables a query-builder chain writes, walking down to its start; through a `const` it was
   * kept in and both sides of a `?:` (`const query = admin ? AdminUser.query() : Member.query()`).
   */
  const chainTables = (start: ts.Expression, seen = new Set<ts.Node>()): string[] => {
    let node: ts.Expression = start
    while (!seen.has(node)) {
      seen.add(node)
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text
        const [first] = node.arguments
        if (TABLE_NAMING.has(method) && first && ts.isStringLiteralLike(first)) return [first.text]
        if (method === 'query' && node.arguments.length <= 1) {
          const table = classModel(node.expression.expression)
          if (table) return [table]
        }
        if (method === 'modelQuery' && first) return [classModel(first)].filter((t) => t !== null)
        node = node.expression.expression
      } else if (
        ts.isPropertyAccessExpression(node) ||
        ts.isNonNullExpression(node) ||
        ts.isParenthesizedExpression(node) ||
        ts.isAwaitExpression(node)
      ) {
        node = node.expression
      } else if (ts.isConditionalExpression(node)) {
        return [...chainTables(node.whenTrue, seen), ...chainTables(node.whenFalse, seen)]
      } else if (ts.isIdentifier(node)) {
        const declaration = checker.getSymbolAtLocation(node)?.valueDeclaration
        if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer)
          return []
        node = declaration.initializer
      } else return []
    }
    return []
  }

  /**
   * A known table's name passed to a writing helper of modules/ (a function named insert…,
   * write…, update…, delete… or upsert…) as its parameter `table`: `insertRows(trx, 'products', …)`.
   */
  const helperTable = (call: ts.CallExpression) => {
    const declaration = checker.getResolvedSignature(call)?.getDeclaration()
    if (!declaration || !moduleOf(declaration.getSourceFile().fileName)) return null
    const name = declaration.name?.getText() ?? ''
    if (!/^(insert|write|update|delete|upsert)/i.test(name)) return null
    const index = declaration.parameters.findIndex(
      (parameter) => parameter.name.getText() === 'table'
    )
    const argument = index >= 0 ? call.arguments[index] : undefined
    return argument && ts.isStringLiteralLike(argument) && tables.has(argument.text)
      ? argument.text
      : null
  }

  for (const file of program.getSourceFiles()) {
    const module = moduleOf(file.fileName)
    if (!module || file.isDeclarationFile) continue
    const record = (table: string | null, node: ts.Node) => {
      if (table === null) return
      const { line } = file.getLineAndCharacterOfPosition(node.getStart())
      writes.push({ module, table, at: `${file.fileName.slice(rootPath.length)}:${line + 1}` })
    }
    const visit = (node: ts.Node): void => {
      if (ts.isStringLiteralLike(node) || ts.isTemplateExpression(node)) {
        const text = ts.isTemplateExpression(node) ? node.getText() : node.text
        for (const match of text.matchAll(RAW_WRITE))
          if (tables.has(match[1].toLowerCase())) record(match[1].toLowerCase(), node)
      }
      if (ts.isCallExpression(node)) record(helperTable(node), node)
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text
        const receiver = node.expression.expression
        if (QUERY_WRITES.has(method)) for (const table of chainTables(receiver)) record(table, node)
        if (STATIC_WRITES.has(method)) record(classModel(receiver), node)
        if (INSTANCE_WRITES.has(method) && node.arguments.length === 0) {
          const model = instanceModel(receiver)
          if (model) record(modelTable(model), node)
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(file)
  }
  return writes
}

test.group('Architecture: one writer per table', () => {
  test('every table the migrations create has one owner in docs/architecture.md', async ({
    assert,
  }) => {
    const owners = await documentedOwners()
    assert.deepEqual([...owners.keys()].sort(), [...(await migratedTables())].sort())
  })

  test('no module but its owner writes a table', async ({ assert }) => {
    const owners = await documentedOwners()
    const writes = await tableWrites(new Set(owners.keys()))
    const foreign = writes.filter(
      (write) => owners.has(write.table) && owners.get(write.table) !== write.module
    )
    assert.deepEqual(
      foreign.map(
        (write) =>
          `${write.table} (owner ${owners.get(write.table)}) written by ${write.module}: ${write.at}`
      ),
      []
    )
  }).timeout(180_000)

  test('the scan sees the writes it should (members, migrations, subscriptions)', async ({
    assert,
  }) => {
    const owners = await documentedOwners()
    const writes = await tableWrites(new Set(owners.keys()))
    const written = new Set(writes.map((write) => `${write.module}:${write.table}`))
    for (const expected of ['members:members', 'migrations:migrations', 'payments:subscriptions'])
      assert.isTrue(written.has(expected), expected)
  }).timeout(180_000)
})
