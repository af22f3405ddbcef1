import { createElement, Fragment, useMemo, type ReactNode } from 'react'
import { formatDate, localIsoDateTime } from '../../common/format'
import { useFormatting } from '../../common/formatting'
import type { MessageKey } from './messages'
import { formatParts, formatText } from './formatMessage'
import { useLanguage } from './LanguageProvider'
import { ROLE_KEYS } from './roles'

type Values = Record<string, string | number | null | undefined>
type RichValues = Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>

/**
 * The shop's words and formats in the chosen language: `t` a catalogue entry, `rich` one with
 * elements (<b>, <mail>…), `money` an amount with its currency code (Intl, the language's
 * number style; English "EUR 1,234.50" as member-shop.md §9 says), `date` with the DATE_FORMAT
 * setting, which applies in every language.
 */
export function useShopText() {
  const { locale, catalogue, revision, wordMissing } = useLanguage()
  const { dateFormat } = useFormatting()
  return useMemo(() => {
    const money = (amount: number | string | null | undefined, currency: string) =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        currencyDisplay: 'code',
      }).format(Number(amount ?? 0))
    // A word of the catalogue's second part before it has arrived (catalogueParts.ts): empty until then.
    const message = (id: MessageKey) => {
      if (id in catalogue) return catalogue[id]
      wordMissing()
      return ''
    }
    const t = (id: MessageKey, values?: Values) => formatText(message(id), values, locale)
    return {
      t,
      // The parts as the children of one fragment: no keys needed.
      rich: (id: MessageKey, values: RichValues): ReactNode =>
        createElement(Fragment, null, ...(formatParts(message(id), values, locale) as ReactNode[])),
      money,
      cents: (cents: number, currency: string) => money(cents / 100, currency),
      date: (value: string | null | undefined) => formatDate(value, dateFormat),
      /** A moment on the browser's clock: the date per DATE_FORMAT, the time as the language writes it. */
      dateTime: (value: string | Date) =>
        `${formatDate(localIsoDateTime(new Date(value)), dateFormat)} ${new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }).format(new Date(value))}`,
      /** A member's role in the language; a role the catalogue does not know as the data has it. */
      role: (value: string) => (value in ROLE_KEYS ? t(ROLE_KEYS[value]) : value),
      /** A currency's name in the language (Intl.DisplayNames), or `fallback` (the server's, English). */
      currencyName: (code: string, fallback: string) => {
        if (locale.startsWith('en')) return fallback
        try {
          return new Intl.DisplayNames([locale], { type: 'currency' }).of(code) ?? fallback
        } catch {
          return fallback
        }
      },
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- revision: the catalogue completed in place
  }, [locale, catalogue, revision, wordMissing, dateFormat])
}

export type ShopText = ReturnType<typeof useShopText>
