/**
 * The languages of the shop, its emails and its PDFs (docs/shop.md "Languages").
 * Pure data shared by the server and the shop. English is the fallback: the spec's exact texts
 * are English.
 */
export const LANGUAGES = ['en', 'de', 'fr'] as const

export type Language = (typeof LANGUAGES)[number]

export const DEFAULT_LANGUAGE: Language = 'en'

/** Each language named in itself, as the switcher shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/**
 * The first supported language of an Accept-Language header or of `navigator.languages`, in the
 * order given (q-values sort the header); English when none is supported.
 */
export function pickLanguage(accepted: string | readonly string[] | null | undefined): Language {
  const ranges = typeof accepted === 'string' ? headerRanges(accepted) : (accepted ?? [])
  for (const range of ranges) {
    const primary = range.trim().toLowerCase().split('-')[0]
    if (isLanguage(primary)) return primary
  }
  return DEFAULT_LANGUAGE
}

function headerRanges(header: string): string[] {
  return header
    .split(',')
    .map((part, index) => {
      const [range, ...params] = part.split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const weight = q ? Number(q.slice(2)) : 1
      return { range: range.trim(), weight: Number.isFinite(weight) ? weight : 0, index }
    })
    .filter((entry) => entry.range && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.range)
}
