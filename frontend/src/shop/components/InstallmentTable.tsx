import { Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material'
import { formatDate, formatMoney } from '../../common/format'
import { useFormatting } from '../../common/formatting'
import type { Installment } from '../shopApi'

// On phones the due date moves under the payment number: three columns do not fit in 360 px.
const onPhones = { xs: 'none', sm: 'table-cell' }

/** The installment schedule: payment 1 is paid today at checkout. */
export function InstallmentTable({
  schedule,
  currency,
}: {
  schedule: Installment[]
  currency: string
}) {
  const { dateFormat } = useFormatting()
  return (
    <Table
      size="small"
      data-testid="installment-schedule"
      sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}
    >
      <TableHead>
        <TableRow>
          <TableCell>Payment</TableCell>
          <TableCell sx={{ display: onPhones }}>Due date</TableCell>
          <TableCell align="right">Amount</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {schedule.map((row) => (
          <TableRow key={row.paymentNumber}>
            <TableCell>
              <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
                #{row.paymentNumber}
                {row.paymentNumber === 1 ? (
                  <Chip size="small" color="primary" variant="outlined" label="Today" />
                ) : null}
                {/* A dark amber: the theme's warning amber on white is below 4.5:1. */}
                {row.isReconciliation ? (
                  <Chip
                    size="small"
                    variant="outlined"
                    label="Final partial period"
                    sx={{ color: '#8a4500', borderColor: '#b45309' }}
                  />
                ) : null}
              </Stack>
              <Box
                component="span"
                sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary' }}
              >
                Due {formatDate(row.dueDate, dateFormat)}
              </Box>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap', display: onPhones }}>
              {formatDate(row.dueDate, dateFormat)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatMoney(row.amount, currency)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
