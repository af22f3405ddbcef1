/*
| Text keys → numbers, exact, held in typed arrays outside V8's heap. An
| import keeps one entry per principal it wrote (500,000 for a census of a
| million rows): as a Map<string, number> that was ~27 MB of live heap, and
| V8 let the main heap grow to about four times its live size between full
| collections, so the CLI's peak grew by ~70 MB (docs/benchmarks.md, "fifth
| pass"). Here a key costs 20–40 bytes of typed arrays (with the room to grow) and no heap object.
| Imports nothing of the application (usable in any thread).
*/

const FNV_OFFSET = 0x811c9dc5
const FNV_PRIME = 0x01000193

/** A bound on a table's typed arrays: growing past `bytes` throws `error()` instead. */
export interface KeyTableLimit {
  bytes: number
  error: () => Error
}

export class KeyTable {
  /** Entry number + 1 per slot (0: free); a power of two, kept at most half full (linear probing). */
  #slots = new Int32Array(1024)
  /** Per entry: the hash of its key, its value, where its key starts in #bytes (it ends where the next one starts). */
  #hashes = new Int32Array(512)
  #values = new Float64Array(512)
  #starts = new Uint32Array(513)
  /** The keys in UTF-8, one after the other. */
  #bytes = Buffer.alloc(8192)
  #size = 0

  /** Without a limit the table grows as needed (its caller bounds the number of keys). */
  constructor(private readonly limit?: KeyTableLimit) {}

  get size() {
    return this.#size
  }

  /** Bytes of the typed arrays holding the table. */
  get byteLength() {
    return (
      this.#slots.byteLength +
      this.#hashes.byteLength +
      this.#values.byteLength +
      this.#starts.byteLength +
      this.#bytes.byteLength
    )
  }

  get(key: string): number | undefined {
    const entry = this.#find(key)
    return entry < 0 ? undefined : this.#values[entry]
  }

  has(key: string) {
    return this.#find(key) >= 0
  }

  set(key: string, value: number) {
    const entry = this.#find(key)
    if (entry >= 0) {
      this.#values[entry] = value
      return this
    }
    // #find left the key's bytes and hash just past the last key: keep them as a new entry.
    if (this.#size === this.#hashes.length) this.#growEntries()
    if ((this.#size + 1) * 2 > this.#slots.length) this.#growSlots()
    const added = this.#size++
    this.#hashes[added] = this.#lastHash
    this.#values[added] = value
    this.#starts[added + 1] = this.#starts[added] + this.#lastLength
    this.#place(added)
    return this
  }

  #lastHash = 0
  #lastLength = 0

  /** The entry holding `key`, or -1; leaves the key's UTF-8 bytes after the last key (#lastLength) and its hash (#lastHash). */
  #find(key: string): number {
    const start = this.#starts[this.#size]
    if (start + key.length * 3 > this.#bytes.length) this.#growBytes(start + key.length * 3)
    const bytes = this.#bytes
    const length = bytes.write(key, start, 'utf8')
    let hash = FNV_OFFSET
    for (let at = start; at < start + length; at++) hash = Math.imul(hash ^ bytes[at], FNV_PRIME)
    hash |= 0
    this.#lastHash = hash
    this.#lastLength = length
    const mask = this.#slots.length - 1
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.#slots[slot] - 1
      if (entry < 0) return -1
      if (this.#hashes[entry] !== hash) continue
      const from = this.#starts[entry]
      const to = this.#starts[entry + 1]
      if (to - from === length && bytes.compare(bytes, start, start + length, from, to) === 0)
        return entry
    }
  }

  #place(entry: number) {
    const mask = this.#slots.length - 1
    let slot = this.#hashes[entry] & mask
    while (this.#slots[slot] !== 0) slot = (slot + 1) & mask
    this.#slots[slot] = entry + 1
  }

  /** Throws the limit's error when the tables would hold more than its bytes after growing by `more`. */
  #mayGrow(more: number) {
    if (this.limit && this.byteLength + more > this.limit.bytes) throw this.limit.error()
  }

  #growEntries() {
    const capacity = this.#hashes.length * 2
    this.#mayGrow(capacity * 8)
    this.#hashes = grown(this.#hashes, new Int32Array(capacity))
    this.#values = grown(this.#values, new Float64Array(capacity))
    this.#starts = grown(this.#starts, new Uint32Array(capacity + 1))
  }

  #growSlots() {
    this.#mayGrow(this.#slots.byteLength)
    this.#slots = new Int32Array(this.#slots.length * 2)
    for (let entry = 0; entry < this.#size; entry++) this.#place(entry)
  }

  #growBytes(needed: number) {
    let length = this.#bytes.length * 2
    while (length < needed) length *= 2
    this.#mayGrow(length - this.#bytes.length)
    const bytes = Buffer.alloc(length)
    this.#bytes.copy(bytes, 0, 0, this.#starts[this.#size])
    this.#bytes = bytes
  }
}

function grown<T extends Int32Array | Float64Array | Uint32Array>(from: T, to: T): T {
  to.set(from)
  return to
}
