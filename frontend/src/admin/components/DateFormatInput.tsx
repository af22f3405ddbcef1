import { TextInput, type TextInputProps, type Validator } from 'react-admin'
import { formatDate } from '../../common/format'
import { useFormatting } from '../../common/formatting'

const TOKENS = /YYYY|MM|DD/g
const ISO = /^(\d{4})-(\d{2})-(\d{2})/

/** A date typed in the DATE_FORMAT → 'YYYY-MM-DD'; null when it is not a real date in that format. */
function displayToIso(text: string, format: string): string | null {
  const order: string[] = format.match(TOKENS) ?? []
  const pattern = format
    .replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')
    .replace(TOKENS, (token) => (token === 'YYYY' ? '(\\d{4})' : '(\\d{1,2})'))
  const match = new RegExp(`^${pattern}$`).exec(text.trim())
  if (!match) return null
  const part = (token: string) => Number(match[order.indexOf(token) + 1])
  const [year, month, day] = [part('YYYY'), part('MM'), part('DD')]
  const date = new Date(Date.UTC(year, month - 1, day))
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  )
    return null
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

type DateFormatInputProps = Omit<TextInputProps, 'format' | 'parse' | 'type'> & {
  /** The earliest date accepted (YYYY-MM-DD), from the value and the form's values: a date before it is refused on the field. */
  minDate?: (value: string, values: Record<string, any>) => string | undefined
  testId?: string
}

/**
 * A date input in the DATE_FORMAT setting (the back-office's formatting settings): shows the stored
 * YYYY-MM-DD as e.g. 01.03.2027, accepts the date typed that way and stores YYYY-MM-DD again. A
 * text that is not yet a date stays as typed and is refused on the field until it is one.
 */
export function DateFormatInput({
  minDate,
  testId,
  validate,
  helperText,
  slotProps,
  ...props
}: DateFormatInputProps) {
  const { dateFormat } = useFormatting()
  const valid: Validator = (value: unknown, values: Record<string, any>) => {
    if (value === null || value === undefined || value === '') return undefined
    if (!ISO.test(String(value))) return `Enter the date as ${dateFormat}`
    const min = minDate?.(String(value).slice(0, 10), values)
    if (min && String(value).slice(0, 10) < min)
      return `The date cannot be before ${formatDate(min, dateFormat)}`
    return undefined
  }
  return (
    <TextInput
      {...props}
      format={(value: string | null | undefined) => formatDate(value, dateFormat)}
      parse={(text: string) =>
        text.trim() === '' ? null : (displayToIso(text, dateFormat) ?? text)
      }
      validate={[valid, ...(Array.isArray(validate) ? validate : validate ? [validate] : [])]}
      helperText={helperText ?? dateFormat}
      slotProps={{
        ...slotProps,
        htmlInput: {
          'placeholder': dateFormat,
          'inputMode': 'numeric',
          'data-testid': testId,
          ...(slotProps?.htmlInput as object),
        },
      }}
    />
  )
}
