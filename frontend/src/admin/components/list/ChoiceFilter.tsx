import { MenuItem, TextField } from '@mui/material'
import { useListContext } from 'react-admin'

/**
 * A select filter whose empty value reads as the spec's "All …" text, shown and announced
 * (react-admin's SelectInput names its empty option "Clear value"). Kept in the URL by the list.
 */
export function ChoiceFilter(props: {
  source: string
  label: string
  allLabel: string
  choices: { id: string; name: string }[]
  testId: string
  minWidth?: number
}) {
  const { filterValues, displayedFilters, setFilters } = useListContext()
  const value = (filterValues?.[props.source] as string | undefined) ?? ''
  const change = (next: string) => {
    const { [props.source]: _dropped, ...rest } = filterValues ?? {}
    setFilters(next ? { ...rest, [props.source]: next } : rest, displayedFilters)
  }
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={value}
      onChange={(event) => change(event.target.value)}
      sx={{ minWidth: props.minWidth ?? 240 }}
      slotProps={{
        inputLabel: { shrink: true },
        select: {
          displayEmpty: true,
          SelectDisplayProps: { 'data-testid': props.testId } as object,
        },
      }}
    >
      <MenuItem value="">{props.allLabel}</MenuItem>
      {props.choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id}>
          {choice.name}
        </MenuItem>
      ))}
    </TextField>
  )
}
