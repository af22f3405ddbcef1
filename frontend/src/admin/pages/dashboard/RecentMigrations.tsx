import { Link as RouterLink, useNavigate } from 'react-router-dom'
import { Box, Button, Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { formatDate, formatMoney } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import { StatusBadge } from '../../components/StatusBadge'
import type { MigrationRow } from './types'
import { adminPath } from '../../paths'

/** Amount and date have columns of their own from 600 px; on a phone they sit under member and status. */
const WIDE_ONLY = { display: { xs: 'none', sm: 'table-cell' } }
const PHONE_ONLY = { display: { xs: 'block', sm: 'none' } }

/** The latest migrations; a row opens its detail page. */
export function RecentMigrations({ rows }: { rows: MigrationRow[] }) {
  const navigate = useNavigate()
  const { dateFormat } = useFormatting()
  return (
    <Card>
      <CardContent>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2">Recent Migrations</Typography>
          <Button component={RouterLink} to={adminPath('migrations')} size="small" data-testid="view-all-migrations">
            View All
          </Button>
        </Stack>
        {rows.length === 0 ? (
          <Box sx={{ py: 4, textAlign: 'center' }}>
            <Typography color="text.secondary">No recent migrations</Typography>
          </Box>
        ) : (
          <Table size="small" sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell>Reference</TableCell>
                <TableCell>Member</TableCell>
                <TableCell align="right" sx={WIDE_ONLY}>Amount</TableCell>
                <TableCell>Status</TableCell>
                <TableCell sx={WIDE_ONLY}>Date</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(adminPath(`migrations/${row.id}`))} data-testid="recent-migration-row">
                  <TableCell sx={{ fontFamily: 'monospace' }}>{row.migration_reference || row.id}</TableCell>
                  <TableCell>
                    {row.insured_full_name}
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {row.member_id_str}
                    </Typography>
                    <Typography variant="caption" sx={PHONE_ONLY}>
                      {formatMoney(row.total_amount, row.currency)}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={WIDE_ONLY}>{formatMoney(row.total_amount, row.currency)}</TableCell>
                  <TableCell>
                    <StatusBadge status={row.status} />
                    <Typography variant="caption" color="text.secondary" sx={PHONE_ONLY}>
                      {formatDate(row.created_at, dateFormat)}
                    </Typography>
                  </TableCell>
                  <TableCell sx={WIDE_ONLY}>{formatDate(row.created_at, dateFormat)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  )
}
