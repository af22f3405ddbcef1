import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { settingsService } from './settings_service.js'

/** Where this process would listen (HOST and PORT); a wildcard host is shown as localhost. */
export function listeningAddress(): string {
  const host = env.get('HOST')
  const shown =
    !host || host === '0.0.0.0' || host === '::'
      ? 'localhost'
      : host.includes(':')
        ? `[${host}]`
        : host
  return `http://${shown}:${env.get('PORT')}`
}

/** The one row of listening_addresses (migration 0235). */
const SERVER_ROW = 1
const CACHE_TTL_MS = 5_000
let recorded: { at: number; address: string } | null = null

/**
 * Called by the web server once it listens (backend/bin/server.ts): other processes of the same
 * configuration (the CLI, workers) read the address from the database, since their own PORT
 * (the `.env` one) need not be the server's.
 */
export async function recordListeningAddress(address = listeningAddress()): Promise<void> {
  // knex's upsert (Lucid's insert builder has no onConflict): two servers starting together both succeed.
  await db
    .knexQuery()
    .table('listening_addresses')
    .insert({ id: SERVER_ROW, address, recorded_at: new Date() })
    .onConflict('id')
    .merge(['address', 'recorded_at'])
  recorded = { at: Date.now(), address }
}

/** Forgets the address read or recorded by this process (tests: their rows are rolled back). */
export function forgetRecordedAddress() {
  recorded = null
}

/** The address the web server recorded ('' before it ever started), read at most every 5 s. */
async function serverAddress(): Promise<string> {
  if (recorded && Date.now() - recorded.at < CACHE_TTL_MS) return recorded.address
  const row = await db
    .from('listening_addresses')
    .where('id', SERVER_ROW)
    .first()
    .catch(() => null) // not migrated yet: no server has recorded an address
  recorded = { at: Date.now(), address: row?.address ?? '' }
  return recorded.address
}

/**
 * The public address used in secure links, emails and exports, without a trailing slash, in every
 * process (server, CLI, workers): the FRONTEND_URL setting (or its environment variable) when set,
 * else the address the web server listens on as it recorded it at start, else (no server started
 * yet on this database) this process's HOST and PORT.
 */
export async function frontendUrl(): Promise<string> {
  const configured = (await settingsService.raw('FRONTEND_URL')).trim()
  return (configured || (await serverAddress()) || listeningAddress()).replace(/\/+$/, '')
}
