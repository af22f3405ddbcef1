import { useMemo, type ReactNode } from 'react'
import { useIntl } from 'react-intl'
import { formatDate, localIsoDateTime } from '../../common/format'
import { useFormatting } from '../../common/formatting'
import type { MessageKey } from './messages'
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
  const intl = useIntl()
  const { dateFormat } = useFormatting()
  return useMemo(() => {
    const money = (amount: number | string | null | undefined, currency: string) =>
      intl.formatNumber(Number(amount ?? 0), {
        style: 'currency',
        currency,
        currencyDisplay: 'code',
      })
    return {
      t: (id: MessageKey, values?: Values) => intl.formatMessage({ id }, values),
      rich: (id: MessageKey, values: RichValues): ReactNode =>
        intl.formatMessage({ id }, values as Record<string, any>),
      money,
      cents: (cents: number, currency: string) => money(cents / 100, currency),
      date: (value: string | null | undefined) => formatDate(value, dateFormat),
      /** A moment on the browser's clock: the date per DATE_FORMAT, the time as the language writes it. */
      dateTime: (value: string | Date) =>
        `${formatDate(localIsoDateTime(new Date(value)), dateFormat)} ${intl.formatTime(value, { timeStyle: 'medium' })}`,
      /** A member's role in the language; a role the catalogue does not know as the data has it. */
      role: (value: string) =>
        value in ROLE_KEYS ? intl.formatMessage({ id: ROLE_KEYS[value] }) : value,
      /** A currency's name in the language (Intl.DisplayNames), or `fallback` (the server's, English). */
      currencyName: (code: string, fallback: string) => {
        if (intl.locale.startsWith('en')) return fallback
        try {
          return new Intl.DisplayNames([intl.locale], { type: 'currency' }).of(code) ?? fallback
        } catch {
          return fallback
        }
      },
    }
  }, [intl, dateFormat])
}

export type ShopText = ReturnType<typeof useShopText>
