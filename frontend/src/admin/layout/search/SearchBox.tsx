import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useNavigate } from 'react-router-dom'
import { Box, InputBase, Paper, Popper } from '@mui/material'
import SearchIcon from '@mui/icons-material/Search'
import { errorMessage } from '../../../common/api'
import { useSessionEnded } from '../../components/adminErrors'
import { LISTBOX_ID, optionDomId, SearchResults } from './SearchResults'
import { useGlobalSearch } from './useGlobalSearch'

export const SEARCH_LABEL = 'Search members, migrations, payments and notes'

/**
 * The search box (WAI-ARIA combobox with a listbox popup): typing searches after a pause; Arrow
 * Down / Up move through the results, Enter opens the active one, Escape closes the popup. In the
 * app bar the popup hangs below the box (`popup`); in the phone's search dialog it is drawn under
 * it (`below`).
 */
export function SearchBox({
  placement,
  autoFocus,
  onOpened,
}: {
  placement: 'popup' | 'below'
  autoFocus?: boolean
  onOpened?: () => void
}) {
  const navigate = useNavigate()
  const sessionEnded = useSessionEnded()
  const anchor = useRef<HTMLDivElement>(null)
  const [text, setText] = useState('')
  const [closed, setClosed] = useState(false)
  const [active, setActive] = useState(-1)
  const search = useGlobalSearch(text)
  const options = search.groups.flatMap((group) => group.options)
  const open = search.active && !closed
  const activeOption = open && active >= 0 ? options[active] : undefined

  useEffect(() => setActive(-1), [search.groups.length, options.length, text])
  // The active option stays in sight when the popup scrolls.
  useEffect(() => {
    if (activeOption)
      document.getElementById(optionDomId(activeOption.id))?.scrollIntoView({ block: 'nearest' })
  }, [activeOption])
  useEffect(() => {
    if (search.error) void sessionEnded(search.error)
  }, [search.error, sessionEnded])

  const openPath = (path: string) => {
    setText('')
    setClosed(true)
    onOpened?.()
    navigate(path)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      setClosed(false)
      if (options.length === 0) return
      const last = options.length - 1
      setActive((current) =>
        event.key === 'ArrowDown'
          ? current >= last
            ? 0
            : current + 1
          : current <= 0
            ? last
            : current - 1
      )
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault()
      openPath(activeOption.path)
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      event.stopPropagation()
      setClosed(true)
    }
  }

  const results: ReactNode = open ? (
    <SearchResults
      text={text}
      loading={search.loading}
      error={search.error ? errorMessage(search.error) : null}
      groups={search.groups}
      activeId={activeOption?.id ?? null}
      onOpen={openPath}
    />
  ) : null
  const hasListbox = open && !search.loading && !search.error && options.length > 0
  return (
    <>
      <Box
        ref={anchor}
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          borderRadius: 1,
          bgcolor: 'background.paper',
          color: 'text.primary',
          width: placement === 'popup' ? { sm: 260, md: 360 } : '100%',
        }}
      >
        <SearchIcon fontSize="small" aria-hidden />
        <InputBase
          value={text}
          onChange={(event) => {
            setText(event.target.value)
            setClosed(false)
          }}
          onKeyDown={onKeyDown}
          onBlur={() => placement === 'popup' && setClosed(true)}
          onFocus={() => setClosed(false)}
          placeholder="Search…"
          autoFocus={autoFocus}
          sx={{ flexGrow: 1, py: 0.5 }}
          inputProps={{
            'role': 'combobox',
            'aria-label': SEARCH_LABEL,
            'aria-autocomplete': 'list',
            'aria-expanded': hasListbox,
            'aria-controls': hasListbox ? LISTBOX_ID : undefined,
            'aria-activedescendant': activeOption ? optionDomId(activeOption.id) : undefined,
            'maxLength': 100,
            'data-testid': 'global-search-input',
          }}
        />
      </Box>
      {placement === 'below' ? (
        results
      ) : (
        <Popper
          open={open}
          anchorEl={anchor.current}
          placement="bottom-end"
          // In the app bar's banner landmark (axe region), not a tooltip (MUI's default role).
          disablePortal
          role="presentation"
          sx={(theme) => ({ zIndex: theme.zIndex.modal })}
        >
          <Paper
            elevation={8}
            data-testid="global-search-popup"
            sx={{ width: { sm: 360, md: 440 }, maxHeight: '70vh', overflowY: 'auto', mt: 0.5 }}
          >
            {results}
          </Paper>
        </Popper>
      )}
    </>
  )
}
