import { useId, type ReactNode } from 'react'
import { useListContext, useStore } from 'react-admin'
import { Box, Button, Card, Collapse } from '@mui/material'
import TuneIcon from '@mui/icons-material/Tune'
import { SavedViews } from './SavedViews'

/**
 * A list's sidebar (react-admin's `aside`): the saved views and the list's FilterList sections. It
 * sits above the list behind one "Saved views and filters" button, closed until opened (kept per
 * list on this device), so the spec's columns keep the page's whole width (CardList lays a list
 * with an aside out as a column).
 */
export function ListSidebar({ children }: { children?: ReactNode }) {
  const { resource } = useListContext()
  const [open, setOpen] = useStore(`${resource}.sidebarOpen`, false)
  const panelId = useId()
  return (
    <Box sx={{ order: -1, mb: 1 }} data-testid="list-sidebar">
      <Button
        size="small"
        startIcon={<TuneIcon />}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        data-testid="list-sidebar-toggle"
      >
        Saved views and filters
      </Button>
      <Collapse in={open} unmountOnExit>
        <Card
          id={panelId}
          component="section"
          aria-label="Saved views and filters"
          sx={{
            'display': 'flex',
            'flexWrap': 'wrap',
            'columnGap': 4,
            'px': 2,
            'pb': 1,
            '& > *': { minWidth: { xs: '100%', sm: 200 } },
          }}
        >
          <SavedViews />
          {children}
        </Card>
      </Collapse>
    </Box>
  )
}
