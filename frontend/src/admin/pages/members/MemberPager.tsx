import { Button, Stack, Typography } from '@mui/material'
import { useListContext } from 'react-admin'
import { pageWindow } from './page_window'

/** "Showing X to Y of Z results", Previous/Next and at most five page buttons, on the list's URL-kept page. */
export function MemberPager() {
  const { page, perPage, total = 0, setPage, isPending, error } = useListContext()
  if (isPending || error) return null
  const pages = Math.max(1, Math.ceil(total / perPage))
  const from = total === 0 ? 0 : (page - 1) * perPage + 1
  const to = Math.min(page * perPage, total)
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ p: 2, alignItems: 'center', justifyContent: 'space-between', borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="body2" color="text.secondary" data-testid="members-showing">
        Showing {from} to {to} of {total} results
      </Typography>
      <Stack direction="row" spacing={0.5} component="nav" aria-label="Pages">
        <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        {pageWindow(page, pages).map((number) => (
          <Button key={number} size="small" variant={number === page ? 'contained' : 'text'} aria-current={number === page ? 'page' : undefined} onClick={() => setPage(number)} sx={{ minWidth: 36 }}>
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
