import { Button, Stack, Typography } from '@mui/material'
import { useListContext } from 'react-admin'

/** The spec's "Page X of Y" with Previous/Next, on the list's own (URL-kept) page state. */
export function PagePager() {
  const { page, perPage, total, setPage, isPending, error } = useListContext()
  if (isPending || error) return null
  const pages = Math.max(1, Math.ceil((total ?? 0) / perPage))
  return (
    <Stack direction="row" spacing={1} sx={{ p: 2, alignItems: 'center', justifyContent: 'flex-end', borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
        Page {page} of {pages}
      </Typography>
      <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
        Previous
      </Button>
      <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
        Next
      </Button>
    </Stack>
  )
}
