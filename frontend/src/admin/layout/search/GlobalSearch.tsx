import { useState } from 'react'
import {
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  useMediaQuery,
  type Theme,
} from '@mui/material'
import SearchIcon from '@mui/icons-material/Search'
import CloseIcon from '@mui/icons-material/Close'
import { SEARCH_LABEL, SearchBox } from './SearchBox'

/**
 * The app bar's one search (docs/backoffice.md, "Search"): a box in the bar from 600 px; on a
 * phone an icon button that opens the box in a full-screen dialog ("Search"), closed by Escape,
 * its Close button or opening a result.
 */
export function GlobalSearch() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'))
  const [open, setOpen] = useState(false)
  if (!phone) return <SearchBox placement="popup" />
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={SEARCH_LABEL}
        onClick={() => setOpen(true)}
        data-testid="global-search-open"
      >
        <SearchIcon />
      </IconButton>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullScreen
        aria-labelledby="global-search-title"
        data-testid="global-search-dialog"
      >
        <DialogTitle
          id="global-search-title"
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}
        >
          Search
          <IconButton aria-label="Close" onClick={() => setOpen(false)}>
            <CloseIcon />
          </IconButton>
        </DialogTitle>
        <DialogContent sx={{ pt: 1 }}>
          <SearchBox placement="below" autoFocus onOpened={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
    </>
  )
}
