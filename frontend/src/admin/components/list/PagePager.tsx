import { Button, Stack, Typography } from '@mui/material'
import { useListContext } from 'react-admin'
import { pageWindow } from './page_window'

const BAR = { p: 2, alignItems: 'center', borderTop: 1, borderColor: 'divider' } as const

/**
 * Previous/Next on the list's own (URL-kept) page state, after "Page X of Y" (the spec's Admins
 * pager) or, `numbered`, after "Showing X to Y of Z results" and with at most five page buttons (Members).
 */
export function PagePager({ numbered = false }: { numbered?: boolean }) {
  const { page, perPage, total = 0, setPage, isPending, error } = useListContext()
  if (isPending || error) return null
  const pages = Math.max(1, Math.ceil(total / perPage))
  const shown = `Showing ${total === 0 ? 0 : (page - 1) * perPage + 1} to ${Math.min(page * perPage, total)} of ${total} results`
  const text = numbered ? { 'data-testid': 'members-showing' } : { sx: { mr: 1 } }
  const direction = numbered ? ({ xs: 'column', sm: 'row' } as const) : 'row'
  return (
    <Stack
      direction={direction}
      spacing={1}
      sx={{ ...BAR, justifyContent: numbered ? 'space-between' : 'flex-end' }}
    >
      <Typography variant="body2" color="text.secondary" {...text}>
        {numbered ? shown : `Page ${page} of ${pages}`}
      </Typography>
      <Stack direction="row" spacing={numbered ? 0.5 : 1} component="nav" aria-label="Pages">
        <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        {(numbered ? pageWindow(page, pages) : []).map((number) => (
          <Button
            key={number}
            size="small"
            variant={number === page ? 'contained' : 'text'}
            aria-current={number === page ? 'page' : undefined}
            onClick={() => setPage(number)}
            sx={{ minWidth: 36 }}
          >
            {number}
          </Button>
        ))}
        <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
          Next
        </Button>
      </Stack>
    </Stack>
  )
}
