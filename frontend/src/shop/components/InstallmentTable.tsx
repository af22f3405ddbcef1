import { Box, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material'
import type { Installment } from '../shopApi'
import { useShopText } from '../i18n/useShopText'

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
  const { t, money, date } = useShopText()
  return (
    <Table
      size="small"
      data-testid="installment-schedule"
      sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}
    >
      <TableHead>
        <TableRow>
          <TableCell>{t('installments.payment')}</TableCell>
          <TableCell sx={{ display: onPhones }}>{t('installments.dueDate')}</TableCell>
          <TableCell align="right">{t('installments.amount')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {schedule.map((row) => (
          <TableRow key={row.paymentNumber}>
            <TableCell>
              <Stack direction="row" sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}>
                {t('installments.number', { number: row.paymentNumber })}
                {row.paymentNumber === 1 ? (
                  <Chip
                    size="small"
                    color="primary"
                    variant="outlined"
                    label={t('installments.today')}
                  />
                ) : null}
                {/* A dark amber: the theme's warning amber on white is below 4.5:1. */}
                {row.isReconciliation ? (
                  <Chip
                    size="small"
                    variant="outlined"
                    label={t('installments.final')}
                    sx={{ color: '#8a4500', borderColor: '#b45309' }}
                  />
                ) : null}
              </Stack>
              <Box
                component="span"
                sx={{ display: { xs: 'block', sm: 'none' }, color: 'text.secondary' }}
              >
                {t('installments.due', { date: date(row.dueDate) })}
              </Box>
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap', display: onPhones }}>
              {date(row.dueDate)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {money(row.amount, currency)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
