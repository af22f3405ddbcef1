import type { CompiledMessage } from './compiledMessage.js'

/** An argument's value, or for a tag the function that wraps its content (`b: (chunks) => <strong>…`). */
export type MessageValue = unknown

const pluralRules = new Map<string, Intl.PluralRules>()
const numberFormats = new Map<string, Intl.NumberFormat>()
const cached = <T>(cache: Map<string, T>, locale: string, make: () => T) => {
  if (!cache.has(locale)) cache.set(locale, make())
  return cache.get(locale)!
}

/**
 * A compiled catalogue message (compiledMessage.ts) in `locale`, as its parts: strings, and what the
 * tag functions return. A plural takes its `=n` branch, else the language's plural category
 * (Intl.PluralRules), else `other`; `#` is the count in the language's number style. A missing
 * argument is empty. This is all of ICU the catalogues use (compileMessages.ts refuses the rest).
 */
export function formatParts(
  message: CompiledMessage,
  values: Record<string, MessageValue> | undefined,
  locale: string,
  count?: number
): unknown[] {
  if (typeof message === 'string') return [message]
  const out: unknown[] = []
  for (const part of message) {
    if (typeof part === 'string') out.push(part)
    else if (part === 0)
      out.push(
        cached(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(count ?? 0)
      )
    else if ('a' in part) {
      const value = values?.[part.a]
      out.push(value === null || value === undefined ? '' : value)
    } else if ('p' in part) {
      const value = Number(values?.[part.p] ?? 0)
      const category = cached(pluralRules, locale, () => new Intl.PluralRules(locale)).select(value)
      const branch = part.o[`=${value}`] ?? part.o[category] ?? part.o.other
      out.push(...formatParts(branch, values, locale, value))
    } else if ('s' in part) {
      const branch = part.o[String(values?.[part.s])] ?? part.o.other
      out.push(...formatParts(branch, values, locale, count))
    } else {
      const wrap = values?.[part.t]
      const content = formatParts(part.c, values, locale, count)
      out.push(typeof wrap === 'function' ? wrap(content) : content)
    }
  }
  return out
}

/** The message as one string (arguments as their text). */
export const formatText = (
  message: CompiledMessage,
  values: Record<string, MessageValue> | undefined,
  locale: string
) => formatParts(message, values, locale).map(String).join('')
