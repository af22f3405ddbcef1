/** Display formats an admin may choose, each with an example rendering of 31 Dec 2025, 14:05:09. */
export const DATE_FORMAT_OPTIONS = [
  { value: 'DD.MM.YYYY', label: 'DD.MM.YYYY (European, dots)', example: '31.12.2025' },
  { value: 'DD/MM/YYYY', label: 'DD/MM/YYYY (European, slashes)', example: '31/12/2025' },
  { value: 'DD-MM-YYYY', label: 'DD-MM-YYYY (European, dashes)', example: '31-12-2025' },
  { value: 'MM/DD/YYYY', label: 'MM/DD/YYYY (US)', example: '12/31/2025' },
  { value: 'MM-DD-YYYY', label: 'MM-DD-YYYY (US, dashes)', example: '12-31-2025' },
  { value: 'YYYY-MM-DD', label: 'YYYY-MM-DD (ISO 8601)', example: '2025-12-31' },
]

export const TIME_FORMAT_OPTIONS = [
  { value: 'HH:mm', label: '24-hour (HH:mm)', example: '14:05' },
  { value: 'HH:mm:ss', label: '24-hour with seconds (HH:mm:ss)', example: '14:05:09' },
  { value: 'hh:mm A', label: '12-hour (hh:mm AM/PM)', example: '02:05 PM' },
  { value: 'h:mm A', label: '12-hour, no leading zero (h:mm AM/PM)', example: '2:05 PM' },
]

/** Settings whose value must be one of a list of options. */
export const OPTION_SETTINGS: Record<string, { value: string }[]> = {
  DATE_FORMAT: DATE_FORMAT_OPTIONS,
  TIME_FORMAT: TIME_FORMAT_OPTIONS,
}
