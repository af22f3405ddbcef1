import { Chip, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material'
import { formatDate, formatMoney } from '../../common/format'
import { useFormatting } from '../../common/formatting'
import type { Installment } from '../shopApi'

/** The installment schedule: payment 1 is paid today at checkout. */
export function InstallmentTable({ schedule, currency }: { schedule: Installment[]; currency: string }) {
  const { dateFormat } = useFormatting()
  return (
    <Table size="small" data-testid="installment-schedule">
      <TableHead>
        <TableRow>
          <TableCell>Payment</TableCell>
          <TableCell>Due date</TableCell>
          <TableCell align="right">Amount</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {schedule.map((row) => (
          <TableRow key={row.paymentNumber}>
            <TableCell>
              #{row.paymentNumber}
              {row.paymentNumber === 1 ? <Chip size="small" color="primary" variant="outlined" label="Today" sx={{ ml: 1 }} /> : null}
              {row.isReconciliation ? <Chip size="small" color="warning" variant="outlined" label="Final partial period" sx={{ ml: 1 }} /> : null}
            </TableCell>
            <TableCell>{formatDate(row.dueDate, dateFormat)}</TableCell>
            <TableCell align="right">{formatMoney(row.amount, currency)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
