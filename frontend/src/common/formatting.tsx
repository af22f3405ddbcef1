import { createContext, useContext, useEffect, useState, type ReactNode } from 'react'
import { api } from './api'
import { DEFAULT_DATE_FORMAT } from './format'

interface Formatting {
  dateFormat: string
  timeFormat: string
}

const FormattingContext = createContext<Formatting>({
  dateFormat: DEFAULT_DATE_FORMAT,
  timeFormat: 'HH:mm',
})

/** Loads DATE_FORMAT and TIME_FORMAT from the public formatting settings. */
export function FormattingProvider({ children }: { children: ReactNode }) {
  const [formatting, setFormatting] = useState<Formatting>({
    dateFormat: DEFAULT_DATE_FORMAT,
    timeFormat: 'HH:mm',
  })
  useEffect(() => {
    api
      .get('/api/settings/formatting')
      .then(({ settings }) => {
        const value = (key: string) =>
          settings.formatting.find((s) => s.setting_key === key)?.setting_value
        setFormatting({
          dateFormat: value('DATE_FORMAT') || DEFAULT_DATE_FORMAT,
          timeFormat: value('TIME_FORMAT') || 'HH:mm',
        })
      })
      .catch(() => undefined)
  }, [])
  return <FormattingContext.Provider value={formatting}>{children}</FormattingContext.Provider>
}

export const useFormatting = () => useContext(FormattingContext)
