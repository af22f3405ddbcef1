/**
 * A catalogue message compiled at build time (compileMessages.ts) so the browser gets no ICU parser
 * (docs/shop.md, "Languages"): a plain string, or its parts — a literal, `0` for a plural's `#`,
 * `{ a }` an argument, `{ p, o }` a plural and `{ s, o }` a select with their branches (`=2`, `one`,
 * `other`…), `{ t, c }` a tag (<b>, <mail>…) around its content.
 */
export type MessagePart =
  | string
  | 0
  | { a: string }
  | { p: string; o: Record<string, CompiledMessage> }
  | { s: string; o: Record<string, CompiledMessage> }
  | { t: string; c: CompiledMessage }
export type CompiledMessage = string | MessagePart[]
