import {
  useId,
  type ChangeEvent,
  type ClipboardEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react'
import FormControl from '@mui/material/FormControl'
import FormHelperText from '@mui/material/FormHelperText'
import InputLabel from '@mui/material/InputLabel'
import OutlinedInput from '@mui/material/OutlinedInput'

interface Props {
  label: string
  value: string
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
  onPaste?: (event: ClipboardEvent<HTMLDivElement>) => void
  onBlur?: () => void
  type?: string
  placeholder?: string
  autoComplete?: string
  autoFocus?: boolean
  required?: boolean
  fullWidth?: boolean
  error?: boolean
  helperText?: ReactNode
  slotProps?: {
    htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>
  }
}

/**
 * MUI's outlined TextField, built from the same parts (FormControl, InputLabel, OutlinedInput,
 * FormHelperText) and giving the same markup, for the pages a member sees first: TextField also
 * imports Select, and with it Menu, Popover, Modal and the other input variants (~14 KB gz the
 * sign-in page does not need; docs/benchmarks.md).
 */
/**
 * On the server (the sign-in pages' HTML, signInShells.tsx) the autofocused field is drawn
 * focused, as the browser's first render shows it once its autofocus has run; in the browser
 * MUI follows the real focus.
 */
const drawnFocused = (autoFocus?: boolean) =>
  autoFocus && typeof document === 'undefined' ? true : undefined

export function OutlinedTextField(props: Props) {
  const id = useId()
  const helperId = props.helperText ? `${id}-helper-text` : undefined
  return (
    <FormControl
      variant="outlined"
      fullWidth={props.fullWidth}
      required={props.required}
      error={props.error}
      focused={drawnFocused(props.autoFocus)}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {props.label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={props.label}
        value={props.value}
        onChange={props.onChange}
        onPaste={props.onPaste}
        onBlur={props.onBlur}
        type={props.type}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete}
        autoFocus={props.autoFocus}
        aria-describedby={helperId}
        inputProps={props.slotProps?.htmlInput}
      />
      {props.helperText ? <FormHelperText id={helperId}>{props.helperText}</FormHelperText> : null}
    </FormControl>
  )
}
