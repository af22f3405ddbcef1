import { useEffect, useState } from 'react'
import { InputAdornment, TextField } from '@mui/material'
import SearchIcon from '@mui/icons-material/Search'
import { useListContext } from 'react-admin'

/**
 * A search field applied as one types (after a pause), kept in the list's URL filter with the
 * list's other filters. Typing returns to page 1 (react-admin's setFilters does).
 */
export function LiveSearch(props: { source?: string; placeholder: string; label: string; testId: string; minWidth?: number }) {
  const source = props.source ?? 'search'
  const { filterValues, displayedFilters, setFilters } = useListContext()
  const applied = (filterValues?.[source] as string | undefined) ?? ''
  const [text, setText] = useState(applied)
  useEffect(() => setText(applied), [applied])
  useEffect(() => {
    if (text.trim() === applied) return
    const timer = setTimeout(() => {
      const { [source]: _old, ...rest } = filterValues ?? {}
      setFilters(text.trim() ? { ...rest, [source]: text.trim() } : rest, displayedFilters)
    }, 300)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text])
  return (
    <TextField
      size="small"
      fullWidth
      placeholder={props.placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      sx={{ minWidth: props.minWidth }}
      slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> }, htmlInput: { 'aria-label': props.label, 'data-testid': props.testId } }}
    />
  )
}
