import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { textKey } from '#modules/shared/index'
import { recordFromValues, type CensusRecord, type RecordValues } from '../census/record.js'
import type { ScannedBatch } from './census_scan.js'
import { BATCH_SIZE } from './import_service.js'
import {
  CENSUS_FIELDS,
  censusValues,
  existingMembers,
  principalIds,
  same,
} from './member_batches.js'
import type { PreviewCounts } from './preview_cache.js'

/*
| The preview's dry run: what confirming it will do to the members table,
| counted the way the import decides (member_batches.ts), with the same
| batched lookups (500 keys a query, BATCH_SIZE records a round) and no
| write. It follows the scan: each batch of valid records is counted while
| the reading thread reads on, so the lookups are not a second pass after
| it (docs/benchmarks.md, the import's fourth pass).
*/

/**
 * The principal id a dependant gets when its principal is not in the
 * database yet (this import adds it): never equal to a stored id, so an
 * existing dependant of such a principal counts as updated.
 */
const PRINCIPAL_THIS_IMPORT_ADDS = -1

/** Record batches a kind may have waiting for their lookups before the scan is held back. */
const WAITING_BATCHES = 2

type Kind = 'principals' | 'dependants'
type Outcome = 'new' | 'updated' | 'unchanged'

/** The records of one kind in rounds of BATCH_SIZE, each counted after the previous one. */
class KindQueue {
  buffer: CensusRecord[] = []
  waiting = 0
  done: Promise<void> = Promise.resolve()
}

/**
 * New, updated, unchanged and skipped members of a preview, counted from
 * the scan's batches as they come (`take`), answered once the scan is over
 * (`counts`). Products are spelled as the import will: the catalogue's
 * spelling, else the first one of the file.
 */
export class DryRun {
  readonly #counts = { new: 0, updated: 0, unchanged: 0 }
  readonly #queues: Record<Kind, KindQueue> = {
    principals: new KindQueue(),
    dependants: new KindQueue(),
  }
  /** Dependants that may turn out orphans (excluded at the end): their outcome by row. */
  readonly #maybeOrphans = new Map<number, Outcome>()
  #pendingRows = new Set<number>()
  #error: unknown = null
  #stopped = false

  private constructor(
    private readonly client: QueryClientContract,
    private readonly spelling: Map<string, string>,
    /** False when the members table is empty: every valid record is new, nothing needs looking up. */
    readonly follows: boolean
  ) {}

  static async start(): Promise<DryRun> {
    const client = db.connection()
    const spelling = new Map<string, string>()
    for (const row of await client.from('products').select('product_name'))
      spelling.set(textKey(row.product_name), row.product_name)
    const anyMember = await client.from('members').select('id').limit(1)
    return new DryRun(client, spelling, anyMember.length > 0)
  }

  /**
   * Queues a batch of the scan for counting; resolves once no more than
   * WAITING_BATCHES rounds of each kind wait (so the scan is held back,
   * and memory bounded, when the database is slower than the reading).
   */
  async take(batch: ScannedBatch): Promise<void> {
    if (!this.follows || this.#stopped) return
    for (const name of batch.products)
      if (!this.spelling.has(textKey(name))) this.spelling.set(textKey(name), name)
    for (const row of batch.pendingRows) this.#pendingRows.add(row)
    this.#add('principals', batch.principals)
    this.#add('dependants', batch.dependants)
    for (const queue of Object.values(this.#queues))
      if (queue.waiting > WAITING_BATCHES) await queue.done
  }

  #add(kind: Kind, json: string | null) {
    if (!json) return
    const queue = this.#queues[kind]
    for (const values of JSON.parse(json) as RecordValues[])
      queue.buffer.push(recordFromValues(values))
    if (queue.buffer.length >= BATCH_SIZE) this.#round(kind)
  }

  /** Counts the kind's buffered records after its previous round. */
  #round(kind: Kind) {
    const queue = this.#queues[kind]
    const records = queue.buffer
    queue.buffer = []
    queue.waiting++
    queue.done = queue.done.then(async () => {
      try {
        if (!this.#stopped && this.#error === null) await this.#count(kind, records)
      } catch (error) {
        this.#error ??= error
      } finally {
        queue.waiting--
      }
    })
  }

  async #count(kind: Kind, records: CensusRecord[]) {
    const existing = await existingMembers(this.client, records)
    const found = records.filter((record) => existing.has(textKey(record.member_id)))
    for (const record of records)
      if (!existing.has(textKey(record.member_id))) this.#note(record.row, 'new')
    if (found.length === 0) return
    // Only members found are compared, so only their principals are looked up.
    const principals =
      kind === 'dependants' ? await principalIds(this.client, found) : new Map<string, number>()
    for (const record of found) {
      const stored = existing.get(textKey(record.member_id))!
      const principalId = record.principal_person_id
        ? (principals.get(textKey(record.principal_person_id)) ?? PRINCIPAL_THIS_IMPORT_ADDS)
        : null
      const product = record.product_name
        ? (this.spelling.get(textKey(record.product_name)) ?? record.product_name)
        : null
      const values = censusValues(record, product, principalId)
      this.#note(
        record.row,
        CENSUS_FIELDS.every((field) => same(field, stored[field], values[field]))
          ? 'unchanged'
          : 'updated'
      )
    }
  }

  #note(row: number, outcome: Outcome) {
    this.#counts[outcome]++
    if (this.#pendingRows.delete(row)) this.#maybeOrphans.set(row, outcome)
  }

  /**
   * The counts once the scan is over: `valid` records read, `orphans`
   * (dependant rows whose principal is nowhere) left out, `skipped` rows
   * with errors.
   */
  async counts(valid: number, orphans: Set<number>, skipped: number): Promise<PreviewCounts> {
    if (!this.follows) return { new: valid - orphans.size, updated: 0, unchanged: 0, skipped }
    for (const kind of ['principals', 'dependants'] as const)
      if (this.#queues[kind].buffer.length > 0) this.#round(kind)
    await this.stop(false)
    if (this.#error !== null) throw this.#error
    const counts = { ...this.#counts, skipped }
    for (const row of orphans) {
      // An orphan was read before any principal of its Person ID, so its outcome was kept.
      const outcome = this.#maybeOrphans.get(row)
      if (outcome) counts[outcome]--
    }
    return counts
  }

  /** Waits for the rounds under way; `abandon` skips those not started (the preview failed). */
  async stop(abandon = true) {
    this.#stopped ||= abandon
    await Promise.all(Object.values(this.#queues).map((queue) => queue.done))
  }
}
