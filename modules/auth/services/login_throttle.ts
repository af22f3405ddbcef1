import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import type { Knex } from 'knex'
import env from '#start/env'
import { ApiError } from '#modules/shared/index'

/** decisions.md §3: 5 failures per account key and 20 per IP address in 15 minutes. */
const WINDOW_MS = 15 * 60 * 1000
const ACCOUNT_LIMIT = 5
const IP_LIMIT = 20
/** How long an attempt waits for a slot held by attempts being judged, and how often it looks again (growing, jittered). */
const MAX_WAIT_MS = 10_000
const FIRST_RETRY_MS = 20
const LAST_RETRY_MS = 250

/*
| Counters live in the limiter's `rate_limits` table (key, points, expire in
| ms), on the connection config/limiter.ts names, so every process shares
| them and the tests' limiter.clear() resets them. Each key has two rows
| with the same window end, always opened together:
|   <key>          points = attempts being judged + failures (the "held" slots)
|   <key>|failed   points = failures only
| A slot is taken with one conditional UPDATE (`points < limit`), so at most
| `limit` attempts are ever judged however many arrive together; a success
| gives its slot back, a failure keeps it. Only when the failures alone reach
| the limit is an attempt refused with 429; while slots are merely held by
| attempts in flight it waits for them. A refused attempt writes nothing.
| A process killed while judging never gives its slots back: an attempt that
| found no free slot for MAX_WAIT_MS (a judgement takes well under a second)
| sets the counter back to its failures once, then tries again
| (reclaimOrphanedSlots); the failures, which decide the 429, stay exact.
*/
const TABLE = 'rate_limits'
let client: Knex | null = null

/**
 * Binds the counters to the real connection now. Tests call this before
 * opening their global transactions so the counters keep the real
 * connection rather than a transaction that ends at rollback. It also
 * creates the limiter's store of that table, so limiter.clear() (which only
 * clears stores in use) empties the counters.
 */
export function prepareLoginThrottle() {
  store()
  limiter.use({ requests: IP_LIMIT, duration: '15 mins' })
}

/** The knex client of the counters' connection (the write one: counters change on every attempt). */
function store(): Knex {
  client ??= db
    .connection(env.get('DB_CONNECTION', 'sqlite') === 'mysql' ? 'mysql' : 'rate_limits')
    .getWriteClient()
  return client
}

/** MariaDB may answer simultaneous upserts of a new key with a deadlock: the statement is simply run again. */
async function retryingDeadlocks(statement: () => Promise<unknown>) {
  for (let tries = 1; ; tries++) {
    try {
      return await statement()
    } catch (error) {
      if ((error as { code?: string }).code !== 'ER_LOCK_DEADLOCK' || tries >= 5) throw error
    }
  }
}

interface Counter {
  key: string
  limit: number
}

const failedKey = (counter: Counter) => `${counter.key}|failed`

/** Creates both rows of a counter, or starts a new window on rows whose window has ended. */
async function openWindow(counter: Counter, now: number) {
  const ends = now + WINDOW_MS
  const knex = store()
  await retryingDeadlocks(() =>
    knex(TABLE)
      .insert([
        { key: counter.key, points: 0, expire: ends },
        { key: failedKey(counter), points: 0, expire: ends },
      ])
      .onConflict('key')
      .merge({
        // points first: MySQL evaluates the assignments in order, with the row's old expire here.
        points: knex.raw(`CASE WHEN ${TABLE}.expire <= ? THEN 0 ELSE ${TABLE}.points END`, [now]),
        expire: knex.raw(`CASE WHEN ${TABLE}.expire <= ? THEN ? ELSE ${TABLE}.expire END`, [
          now,
          ends,
        ]),
      })
  )
}

/** Takes one slot if fewer than `limit` are held: one atomic conditional UPDATE. */
async function takeSlot(counter: Counter, now: number): Promise<boolean> {
  const changed = await store()(TABLE)
    .where('key', counter.key)
    .where('points', '<', counter.limit)
    .where('expire', '>', now)
    .increment('points', 1)
  return Number(changed) === 1
}

/** Gives a slot back (never below zero: a window may have restarted meanwhile). */
async function giveBack(counter: Counter) {
  await store()(TABLE).where('key', counter.key).where('points', '>', 0).decrement('points', 1)
}

/** A judged failure: the held slot stays taken and the failure is counted. */
async function countFailure(counter: Counter) {
  await store()(TABLE).where('key', failedKey(counter)).increment('points', 1)
}

/** A success on an account clears its failures (the slots they held included). */
async function clearFailures(counter: Counter) {
  await store()(TABLE)
    .whereIn('key', [counter.key, failedKey(counter)])
    .delete()
}

/**
 * Sets a counter still full after MAX_WAIT_MS back to its failures: the other slots are held by
 * attempts no process is judging any more (killed mid-attempt). Compare-and-set on the points it
 * read, so of several attempts reclaiming at once one does it.
 */
async function reclaimOrphanedSlots(counter: Counter) {
  const knex = store()
  const held = await knex(TABLE).where('key', counter.key).first()
  const failed = await knex(TABLE).where('key', failedKey(counter)).first()
  if (!held || !failed || Number(failed.points) >= counter.limit) return
  await knex(TABLE)
    .where('key', counter.key)
    .where('points', Number(held.points))
    .update({ points: Number(failed.points) })
}

/** The 429 when the failures alone reached the limit, else null (slots are only held by attempts in flight). */
async function refusal(counter: Counter, now: number): Promise<ApiError | null> {
  const row = await store()(TABLE).where('key', failedKey(counter)).first()
  if (!row || Number(row.points) < counter.limit || Number(row.expire) <= now) return null
  return tooMany((Number(row.expire) - now) / 1000)
}

function tooMany(availableInSeconds: number) {
  const minutes = Math.max(1, Math.ceil(availableInSeconds / 60))
  return new ApiError(`Too many attempts. Please try again in ${minutes} minutes.`, 429)
}

/**
 * Takes a slot on every counter (IP first, then account), or none: when one
 * is full, the slots already taken are given back. Answers the 429 to throw,
 * `{ full }` when that counter's slots are held by attempts still being judged
 * (wait), or null when every slot is taken.
 */
async function takeAll(counters: Counter[]): Promise<ApiError | { full: Counter } | null> {
  const taken: Counter[] = []
  for (const counter of counters) {
    const now = Date.now()
    // One UPDATE while the window's rows exist; the upsert only for a new or ended window.
    let took = await takeSlot(counter, now)
    if (!took) {
      await openWindow(counter, now)
      took = await takeSlot(counter, now)
    }
    if (took) {
      taken.push(counter)
      continue
    }
    for (const held of taken) await giveBack(held)
    return (await refusal(counter, now)) ?? { full: counter }
  }
  return null
}

/**
 * Runs a sign-in attempt under both limits (decisions.md §3 counts FAILED
 * attempts). A slot on the IP and on the account key is taken before the
 * callback judges the credentials, so a burst has at most 5 attempts per
 * account judged. A success gives the IP's slot back and clears the
 * account's failures; a failure (the callback throws) keeps both slots as
 * failures. A request refused with 429 changes no counter, so it neither
 * extends a lock nor locks out the correct sign-ins of others behind the
 * same address. Without an account key (an unknown secure link) only the IP counts.
 */
export async function throttledAttempt<T>(
  accountKey: string | null,
  ip: string,
  attempt: () => Promise<T>
): Promise<T> {
  const ipCounter = { key: `signin:ip:${ip}`, limit: IP_LIMIT }
  const account =
    accountKey === null
      ? null
      : { key: `signin:account:${accountKey.toLowerCase()}`, limit: ACCOUNT_LIMIT }
  const counters = account ? [ipCounter, account] : [ipCounter]

  const deadline = Date.now() + MAX_WAIT_MS
  const reclaimed = new Set<string>()
  for (let pause = FIRST_RETRY_MS; ; pause = Math.min(LAST_RETRY_MS, pause * 1.5)) {
    const outcome = await takeAll(counters)
    if (outcome === null) break
    if (outcome instanceof ApiError) throw outcome
    // Every slot is held by attempts being judged right now: one of them ends soon.
    if (Date.now() > deadline) {
      if (reclaimed.has(outcome.full.key)) throw tooMany(60)
      // None ended in MAX_WAIT_MS: they belong to a process that stopped while judging.
      await reclaimOrphanedSlots(outcome.full)
      reclaimed.add(outcome.full.key)
      continue
    }
    await new Promise((resolve) => setTimeout(resolve, pause * (0.5 + Math.random())))
  }

  let result: T
  try {
    result = await attempt()
  } catch (error) {
    for (const counter of counters) await countFailure(counter)
    throw error
  }
  await giveBack(ipCounter)
  if (account) await clearFailures(account)
  return result
}
