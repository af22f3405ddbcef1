import { Button, Stack } from '@mui/material'
import { Form, useListContext } from 'react-admin'
import { SearchField } from './LiveSearch'

/** A search field applied with its Search button (the spec's Admins search), kept in the list's URL filter. */
export function SearchBox(props: { placeholder: string; label: string }) {
  const { filterValues, displayedFilters, setFilters } = useListContext()
  const search = ({ search }: { search?: string | null }) => {
    const { search: _old, ...rest } = filterValues ?? {}
    setFilters(search?.trim() ? { ...rest, search: search.trim() } : rest, displayedFilters)
  }
  return (
    // The applied search is the form's record: a new one (another URL) is shown in the field.
    <Form record={{ search: filterValues?.search ?? '' }} onSubmit={search}>
      <Stack role="search" direction="row" spacing={1} sx={{ p: 2 }}>
        <SearchField placeholder={props.placeholder} label={props.label} />
        <Button type="submit" variant="outlined">
          Search
        </Button>
      </Stack>
    </Form>
  )
}
