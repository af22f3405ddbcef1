import { OutlinedTextField } from '../../common/OutlinedTextField'
import {
  DOB_MAX_LENGTH,
  INCOMPLETE_DATE,
  INVALID_DATE,
  formatDobInput,
  normalisePastedDob,
  readDob,
  type DobError,
} from '../dateOfBirth'
import { useShopText } from '../i18n/useShopText'

interface Props {
  value: string
  error: DobError | null
  onChange: (value: string, error: DobError | null) => void
  onBlurError: (error: DobError | null) => void
}

/** Date of birth as DD.MM.YYYY with the typing, blur and validation rules of member-shop.md §5. */
export function DateOfBirthField({ value, error, onChange, onBlurError }: Props) {
  const { t } = useShopText()
  return (
    <OutlinedTextField
      label={t('dob.label')}
      placeholder={t('dob.placeholder')}
      value={value}
      fullWidth
      required
      autoComplete="bday"
      // On the <input> itself: phones show the numeric keypad.
      slotProps={{
        htmlInput: {
          'maxLength': DOB_MAX_LENGTH,
          'inputMode': 'numeric',
          'data-testid': 'dob-input',
        },
      }}
      error={Boolean(error)}
      helperText={t(error ?? 'dob.help')}
      onChange={(event) => {
        const next = formatDobInput(event.target.value, value)
        const reading = readDob(next)
        onChange(next, reading.state === 'invalid' ? INVALID_DATE : null)
      }}
      onPaste={(event) => {
        // The whole field takes the pasted date, normalised (a pasted 1976-06-06 is 06.06.1976).
        event.preventDefault()
        const next = normalisePastedDob(event.clipboardData.getData('text'))
        onChange(next, readDob(next).state === 'invalid' ? INVALID_DATE : null)
      }}
      onBlur={() => {
        const reading = readDob(value)
        if (reading.state === 'incomplete') onBlurError(INCOMPLETE_DATE)
        else if (reading.state === 'invalid') onBlurError(INVALID_DATE)
      }}
    />
  )
}
