import { Link as RouterLink, useNavigate } from 'react-router-dom'
import { Box, Button, Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { formatDate, formatMoney } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import { StatusBadge } from '../../components/StatusBadge'
import type { MigrationRow } from './types'
import { adminPath } from '../../paths'

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
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Reference</TableCell>
                <TableCell>Member</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Date</TableCell>
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
                  </TableCell>
                  <TableCell align="right">{formatMoney(row.total_amount, row.currency)}</TableCell>
                  <TableCell>
                    <StatusBadge status={row.status} />
                  </TableCell>
                  <TableCell>{formatDate(row.created_at, dateFormat)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  )
}
