import { InputAdornment, styled } from '@mui/material'
import SearchIcon from '@mui/icons-material/Search'
import { FilterLiveForm, TextInput } from 'react-admin'

/**
 * The search takes the row's free width, as its field does. A search region, not a <form>: it applies as
 * one types, there is nothing to submit (a form without a submit button fails WCAG 3.2.2).
 */
const RowRegion = styled('div')({ flex: 1 })
const RowForm = (props: object) => <RowRegion role="search" {...props} />
const SEARCH_ICON = (
  <InputAdornment position="start">
    <SearchIcon fontSize="small" />
  </InputAdornment>
)

/** A list's search field in a react-admin form (the filter `search`), named by `label` instead of a visible label. */
export function SearchField(props: { placeholder: string; label: string; testId?: string }) {
  return (
    <TextInput
      source="search"
      label={false}
      helperText={false}
      margin="none"
      size="small"
      fullWidth
      placeholder={props.placeholder}
      slotProps={{
        input: { startAdornment: SEARCH_ICON },
        htmlInput: { 'aria-label': props.label, 'data-testid': props.testId },
      }}
    />
  )
}

/**
 * A search field applied as one types (react-admin's FilterLiveForm, after a pause), kept in the
 * list's URL filter with the list's other filters. Typing returns to page 1 (react-admin's setFilters does).
 */
export function LiveSearch(props: { placeholder: string; label: string; testId: string }) {
  return (
    <FilterLiveForm debounce={300} formComponent={RowForm}>
      <SearchField {...props} />
    </FilterLiveForm>
  )
}
