import { randomInt } from 'node:crypto'

/** No 0/O, 1/I/L: easy to read out on the phone. */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

/** A human-friendly reference such as MIG-7KQ4-M2XP (31^8 ≈ 8.5 × 10^11 values; uniqueness is enforced by the database). */
export function newMigrationReference(): string {
  const pick = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
  return `MIG-${pick()}-${pick()}`
}
