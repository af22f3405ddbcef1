import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { KeyTable } from './key_table.js'

/*
| The principals an import's transaction has written, kept in memory, so that
| its dependants can be planned on another connection (which does not see
| uncommitted rows) while the transaction writes, instead of being looked up
| on the transaction between its writes. What the transaction sees is the
| committed rows, with its own updates applied, plus its own inserts: this
| class answers exactly that from the committed rows another connection read.
*/

/** A member as the principal lookup sees it: its id and its principal key (textKey of the Person ID when it is a Principal that has one). */
export type PrincipalKey = string | null

/** What a written batch did to principals: the keys of its inserted rows (in VALUES order) and its updated rows' keys after the update. */
export interface WrittenKeys {
  inserted: PrincipalKey[]
  updated: [id: number, key: PrincipalKey][]
}

export class WrittenPrincipals {
  /**
   * Key → lowest id of the rows this transaction inserted with it: one entry per principal
   * written (500,000 in a census of a million rows), so in a KeyTable, off the heap.
   */
  readonly #inserted = new KeyTable()
  /** Existing rows this transaction updated (their committed key no longer counts). */
  readonly #updated = new Set<number>()
  /** Key → lowest id of the updated rows that have it now. */
  readonly #updatedByKey = new KeyTable()

  private constructor(private readonly step: number) {}

  /**
   * The registry, when the ids of a multi-row INSERT are known without reading
   * them back: on MariaDB/MySQL with innodb_autoinc_lock_mode 0 or 1 (the
   * default) a multi-row INSERT … VALUES gets consecutive ids (by
   * auto_increment_increment) from the first one the driver reports. Null
   * otherwise (SQLite, or interleaved ids): dependants are then planned on the transaction.
   */
  static async forTransaction(trx: TransactionClientContract): Promise<WrittenPrincipals | null> {
    if (!trx.dialect.name.startsWith('mysql')) return null
    const [rows] = await trx.rawQuery(
      'select @@innodb_autoinc_lock_mode as mode, @@auto_increment_increment as step'
    )
    const { mode, step } = rows[0] ?? {}
    return Number(mode) <= 1 && Number(step) >= 1 ? new WrittenPrincipals(Number(step)) : null
  }

  /** Records a written batch; `firstId` is the id the driver reported for its INSERT (unused when it inserted nothing). */
  record(keys: WrittenKeys, firstId: number | undefined) {
    keys.inserted.forEach((key, index) => {
      if (key === null) return
      const id = firstId! + index * this.step
      if (!this.#inserted.has(key)) this.#inserted.set(key, id)
    })
    // A member is written once per import (the file's Member IDs are unique), so an id is updated once.
    for (const [id, key] of keys.updated) {
      this.#updated.add(id)
      if (key !== null && !(this.#updatedByKey.get(key)! <= id)) this.#updatedByKey.set(key, id)
    }
  }

  /**
   * Each wanted key's principal as the transaction would find it (the oldest
   * row wins), from `committed`: the principals with those keys another
   * connection read.
   */
  /** Bytes of the typed arrays holding the written keys (outside the JS heap). */
  get keyBytes() {
    return this.#inserted.byteLength + this.#updatedByKey.byteLength
  }

  resolve(wanted: Iterable<string>, committed: { id: number; key: string }[]): Map<string, number> {
    const ids = new Map<string, number>()
    const offer = (key: string, id: number) => {
      const known = ids.get(key)
      if (known === undefined || id < known) ids.set(key, id)
    }
    for (const { id, key } of committed) if (!this.#updated.has(id)) offer(key, id)
    for (const key of wanted) {
      for (const id of [this.#updatedByKey.get(key), this.#inserted.get(key)])
        if (id !== undefined) offer(key, id)
    }
    return ids
  }
}
