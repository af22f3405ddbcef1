import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/** A small deterministic PRNG (mulberry32): the same seed gives the same run. */
export function seededRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)]
    },
  }
}
export type Random = ReturnType<typeof seededRandom>

/** {"a":{"a":…}} `depth` levels deep. */
export function nestedObject(depth: number, leaf: unknown = 'x'): unknown {
  let value: unknown = leaf
  for (let level = 0; level < depth; level++) value = { a: value }
  return value
}

/** Hostile scalar and structured values a client could send in a JSON body. */
const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  -1,
  0,
  1e308,
  -9007199254740993,
  Number.MAX_SAFE_INTEGER,
  '',
  ' ',
  'x'.repeat(100_000),
  '\ud800',
  'a\udc00@example.com',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  'nul\u0000byte',
  '\u0000',
  "' OR 1=1 --",
  '"; DROP TABLE members; --',
  '<script>alert(1)</script>',
  '{{constructor.constructor("return process")()}}',
  '2026-02-30',
  '9999-99-99',
  'NaN',
  '1e309',
  '-0',
  [],
  [1, 'a', null],
  {},
  // An object where a scalar is expected, whose String() throws (it once gave a 500).
  { toString: 'x', valueOf: 'x' },
  JSON.parse('{"__proto__":{"polluted":true}}'),
  { constructor: { prototype: { polluted: true } } },
  nestedObject(40),
  nestedObject(2_000),
  Array.from({ length: 5_000 }, (_, index) => index),
]

/** Hostile values for a URL segment or a query-string value (already URL-encoded where needed). */
const HOSTILE_SEGMENTS: readonly string[] = [
  '..%2F..%2Fetc%2Fpasswd',
  '..',
  '%2e%2e',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%uD800',
  '%',
  '%zz',
  '-1',
  '0',
  '1.5',
  '99999999999999999999999',
  'NaN',
  'null',
  'x'.repeat(8_000),
  encodeURIComponent("' OR 1=1 --"),
  encodeURIComponent('<script>'),
  'DEMO-1001',
]

/**
 * Field names the API reads, taken from the modules' VineJS validators, so
 * that bodies reach the validators' fields and not only unknown keys. New
 * validators are picked up automatically.
 */
export function validatorFieldNames(root: string): string[] {
  const names = new Set<string>([
    'id',
    'email',
    'password',
    'page',
    'perPage',
    'sort',
    'filter',
    'q',
  ])
  const modules = join(root, 'modules')
  for (const module of readdirSync(modules)) {
    // validators.ts and the like (admin_validators.ts)
    for (const file of readdirSync(join(modules, module)).filter((name) =>
      name.endsWith('validators.ts')
    )) {
      for (const match of readFileSync(join(modules, module, file), 'utf8').matchAll(
        /(\w+)\s*:\s*vine\./g
      ))
        names.add(match[1])
    }
  }
  return [...names].sort()
}

/**
 * A JSON body: a few known field names with hostile values, sometimes a
 * non-object body. The first cases of every route are fixed: one field
 * nested 2,000 deep, then every field a lone surrogate, then every field an
 * object whose String() throws (an object where a scalar is expected).
 */
export function hostileBody(random: Random, fields: readonly string[], caseIndex: number): unknown {
  if (caseIndex === 0) return { [random.pick(fields)]: nestedObject(2_000) }
  if (caseIndex === 1)
    return Object.fromEntries(fields.map((field) => [field, `${field}\ud800@example.com`]))
  if (caseIndex === 2)
    return Object.fromEntries(fields.map((field) => [field, { toString: 'x', valueOf: 'x' }]))
  const shape = random.next()
  if (shape < 0.08) return random.pick(HOSTILE_VALUES)
  const body: Record<string, unknown> = {}
  const count = 1 + Math.floor(random.next() * 6)
  for (let index = 0; index < count; index++)
    body[random.pick(fields)] = random.pick(HOSTILE_VALUES)
  return body
}

/** A query string: hostile values, repeated keys (arrays) and bracket nesting. */
export function hostileQuery(random: Random, fields: readonly string[]): string {
  const parts: string[] = []
  const count = 1 + Math.floor(random.next() * 4)
  for (let index = 0; index < count; index++) {
    const field = random.pick(fields)
    const kind = random.next()
    if (kind < 0.15) parts.push(`${field}${'[a]'.repeat(40)}=1`)
    else if (kind < 0.3) parts.push(`${field}[]=1&${field}[]=${random.pick(HOSTILE_SEGMENTS)}`)
    else parts.push(`${field}=${random.pick(HOSTILE_SEGMENTS)}`)
  }
  return parts.join('&')
}

/**
 * The route pattern with each parameter (and wildcard) replaced by a hostile
 * segment, or half the time by a plain "1" so the route still matches and the
 * body and query reach its handler.
 */
export function hostileUrl(pattern: string, random: Random): string {
  const segment = () => (random.next() < 0.5 ? '1' : random.pick(HOSTILE_SEGMENTS))
  return pattern.replace(/:\w+\??/g, segment).replace(/\*/g, segment)
}
