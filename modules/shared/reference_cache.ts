import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import type { ConnectionContract, QueryClientContract } from '@adonisjs/lucid/types/database'

/*
| Reference data (products, currencies, exchange rates, settings) changes a few times a day and
| is read by every member call. Each process keeps it in memory and trusts its copy only while
| two things hold:
| - the kind's row of `reference_versions` still holds the version the copy was loaded under.
|   Every write of reference data bumps that row in its own transaction
|   (bumpReferenceVersion), so another process sees the change on its next call. The versions
|   are read by one small query, shared by the calls waiting at the same time, but always one
|   that started after the call asked: a call never trusts a read older than itself.
| - this process sent no write to the kind's tables, nor a ROLLBACK, since the copy was loaded
|   (knex's `query` event, as read_cache.ts watches writes): direct writes a service did not
|   bump, and the tests' rolled-back transactions, drop the copy too.
| Without the versions table (a database not migrated yet), nothing is cached.
*/
export type ReferenceKind = 'catalog' | 'settings'

const TABLES: Record<ReferenceKind, RegExp> = {
  catalog: /\b(products|currencies|exchange_rates)\b/i,
  settings: /\bsettings\b/i,
}
const WRITE_STATEMENT =
  /^\s*(insert|update|delete|replace|truncate|alter|create|drop|load|rename)\b/i
const ROLLBACK = /^\s*rollback\b/i

const localWrites: Record<ReferenceKind, number> = { catalog: 0, settings: 0 }
const watched = new WeakSet<object>()

function watch(connection: ConnectionContract | undefined) {
  const client = connection?.client as
    | { on?: (event: string, listener: (query: { sql?: string }) => void) => void }
    | undefined
  if (!client?.on || watched.has(client)) return
  watched.add(client)
  client.on('query', ({ sql }) => {
    if (!sql) return
    if (ROLLBACK.test(sql)) {
      localWrites.catalog++
      localWrites.settings++
    } else if (WRITE_STATEMENT.test(sql)) {
      for (const kind of Object.keys(TABLES) as ReferenceKind[])
        if (TABLES[kind].test(sql)) localWrites[kind]++
    }
  })
}

function watchAll() {
  for (const node of db.manager.connections.values()) watch(node.connection)
}
watchAll()
emitter.on('db:connection:connect', (connection) => watch(connection))

type Versions = Map<string, number> | null

async function readVersions(): Promise<Versions> {
  try {
    const rows = await db.from('reference_versions').select('name', 'version')
    return new Map(rows.map((row) => [row.name as string, Number(row.version)]))
  } catch {
    return null // not migrated yet: load every time
  }
}

/** The read on the wire, if any. */
let sent: Promise<Versions> | null = null
/** The next read: callers join it until it is sent. */
let batch: Promise<Versions> | null = null
const nothing = () => undefined

/**
 * The stored versions, by a read that starts after this call. Callers of the same moment
 * (e.g. one call's Promise.all) join one read; callers arriving while a read is on the wire
 * wait for it to end and share the next one: at most one versions query at a time.
 */
function referenceVersions(): Promise<Versions> {
  batch ??= new Promise<void>((resolve) => queueMicrotask(resolve))
    .then(() => sent?.then(nothing, nothing))
    .then(() => {
      batch = null
      const read = readVersions()
      sent = read
      read.then(() => sent === read && (sent = null), nothing)
      return read
    })
  return batch
}

/** Marks `kind` changed for every process, in the transaction of the write (pass it: `client`). */
export async function bumpReferenceVersion(
  client: QueryClientContract | undefined,
  kind: ReferenceKind
) {
  client ??= db.connection()
  const changed = await client
    .from('reference_versions')
    .where('name', kind)
    .increment('version', 1)
  if (Number(Array.isArray(changed) ? changed[0] : changed) === 0)
    await client.table('reference_versions').insert({ name: kind, version: 1 })
}

interface Entry<T> {
  version: number
  localWrites: number
  value: Promise<T>
}

/**
 * A getter of one piece of reference data of `kind`: `load()` runs when the process has no
 * current copy, concurrent callers share it; a failed load is not kept.
 */
export function referenceCache<T>(kind: ReferenceKind, load: () => Promise<T>) {
  let entry: Entry<T> | null = null
  return {
    async get(): Promise<T> {
      watchAll()
      const version = (await referenceVersions())?.get(kind)
      if (version === undefined) return load()
      if (entry && entry.version === version && entry.localWrites === localWrites[kind])
        return entry.value
      const fresh: Entry<T> = { version, localWrites: localWrites[kind], value: load() }
      entry = fresh
      fresh.value.catch(() => entry === fresh && (entry = null))
      return fresh.value
    },
    /** Drops this process's copy (the next get loads again). */
    clear() {
      entry = null
    },
  }
}
