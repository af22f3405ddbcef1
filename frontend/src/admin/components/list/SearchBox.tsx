import { useEffect, useState } from 'react'
import { Button, InputAdornment, Stack, TextField } from '@mui/material'
import SearchIcon from '@mui/icons-material/Search'
import { useListContext } from 'react-admin'

/** A search field applied with its Search button (the spec's Admins search), kept in the list's URL filter. */
export function SearchBox(props: { source?: string; placeholder: string; label: string; testId?: string }) {
  const source = props.source ?? 'search'
  const { filterValues, displayedFilters, setFilters } = useListContext()
  const applied = (filterValues?.[source] as string | undefined) ?? ''
  const [text, setText] = useState(applied)
  useEffect(() => setText(applied), [applied])
  return (
    <Stack
      component="form"
      role="search"
      direction="row"
      spacing={1}
      sx={{ p: 2 }}
      onSubmit={(event) => {
        event.preventDefault()
        const { [source]: _old, ...rest } = filterValues ?? {}
        setFilters(text.trim() ? { ...rest, [source]: text.trim() } : rest, displayedFilters)
      }}
    >
      <TextField
        size="small"
        placeholder={props.placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        sx={{ flex: 1 }}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> }, htmlInput: { 'aria-label': props.label, 'data-testid': props.testId } }}
      />
      <Button type="submit" variant="outlined">
        Search
      </Button>
    </Stack>
  )
}
