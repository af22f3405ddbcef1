/**
 * JSON stored in a text column: the same on SQLite and MariaDB (whose JSON
 * type is text that mysql2 does not parse). Use as
 * `@column(jsonColumn) declare payload: Foo`.
 */
export const jsonColumn = {
  prepare: (value: unknown) =>
    value === null || value === undefined ? null : JSON.stringify(value),
  consume: (value: unknown) => {
    if (typeof value !== 'string') return value ?? null
    try {
      return JSON.parse(value)
    } catch {
      return null
    }
  },
}

/** Booleans come back as 0/1 from SQLite and MariaDB. */
export const booleanColumn = { consume: (value: unknown) => Boolean(value) }

/** Decimals come back as strings from some drivers. */
export const decimalColumn = {
  consume: (value: unknown) => (value === null || value === undefined ? null : Number(value)),
}
