import { Button, Stack, Typography } from '@mui/material'
import { pageWindow } from './page_window'

/** "Showing X to Y of Z results", Previous/Next and at most five page buttons. */
export function MemberPager(props: { page: number; pageSize: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize))
  const from = props.total === 0 ? 0 : (props.page - 1) * props.pageSize + 1
  const to = Math.min(props.page * props.pageSize, props.total)
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ p: 2, alignItems: 'center', justifyContent: 'space-between', borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="body2" color="text.secondary" data-testid="members-showing">
        Showing {from} to {to} of {props.total} results
      </Typography>
      <Stack direction="row" spacing={0.5}>
        <Button size="small" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
          Previous
        </Button>
        {pageWindow(props.page, pages).map((number) => (
          <Button key={number} size="small" variant={number === props.page ? 'contained' : 'text'} onClick={() => props.onPage(number)} sx={{ minWidth: 36 }}>
            {number}
          </Button>
        ))}
        <Button size="small" disabled={props.page >= pages} onClick={() => props.onPage(props.page + 1)}>
          Next
        </Button>
      </Stack>
    </Stack>
  )
}
