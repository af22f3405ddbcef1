import { useQuery } from '@tanstack/react-query'
import { DataTable } from 'react-admin'
import { Alert, Chip, LinearProgress, Typography } from '@mui/material'
import WarningIcon from '@mui/icons-material/WarningAmberOutlined'
import type { ApiAnswer } from '../../../common/api_contract'
import { bodyWithRowTestId, LoadError } from '../../components/list/ListStates'
import { SectionCard } from '../../components/SectionCard'
import { auditTime } from '../../audit/auditText'
import { useAdminTools } from '../../components/useAdminTools'

type FrozenQuote = ApiAnswer<'/api/admin/migrations/{id}/frozen-quote', 'get'>['quote']
type Comparison = FrozenQuote['currency']['rate']

const STATE_NOTE: Record<string, string | null> = {
  enabled: null,
  disabled: 'is disabled now: members cannot choose it.',
  removed: 'no longer exists: there is no current value to compare.',
}

const signed = (value: number, unit = '') =>
  `${value > 0 ? '+' : value < 0 ? '−' : ''}${Math.abs(value)}${unit}`

/** "+0.03 (+3.26 %)", "No change", or why there is nothing to compare. */
function differenceText(comparison: Comparison, unit = ''): string {
  if (comparison.used === null) return 'Not recorded at the time'
  if (comparison.today === null) return 'No current value'
  if (!comparison.changed || comparison.difference === null) return 'No change'
  const percent =
    comparison.differencePercent === null ? '' : ` (${signed(comparison.differencePercent, ' %')})`
  return `${signed(comparison.difference, unit)}${percent}`
}

/** The rows (id: the row's test id): the paid-in currency's rate and surcharge, then each member's premium currency rate. */
function lines(
  quote: FrozenQuote
): { id: string; label: string; comparison: Comparison; unit: string }[] {
  const code = quote.currency.code
  return [
    {
      id: 'target-rate',
      label: `${code} rate (paid in)`,
      comparison: quote.currency.rate,
      unit: '',
    },
    {
      id: 'surcharge',
      label: `${code} surcharge`,
      comparison: quote.currency.surchargePercentage,
      unit: ' %',
    },
    ...quote.members.map((member) => ({
      id: `member-${member.id}`,
      label: `${member.name}: ${member.premiumCurrency} rate (premium)`,
      comparison: member.rate,
      unit: '',
    })),
  ]
}
type Line = ReturnType<typeof lines>[number]
const Col = DataTable.Col<Line>
const Body = bodyWithRowTestId((line: Line) => `frozen-quote-${line.id}`)
const shown = (amount: number | null, unit: string) => (amount === null ? '—' : `${amount}${unit}`)

/**
 * The rates and surcharge the migration's price was computed
 * with, when, and how today's values differ (GET …/frozen-quote).
 */
export function FrozenQuoteCard({ migrationId }: { migrationId: number | string }) {
  const { dataProvider, dateFormat } = useAdminTools()
  const {
    data: quote,
    error,
    isPending,
    refetch,
  } = useQuery({
    queryKey: ['migrations', 'frozen-quote', String(migrationId)],
    queryFn: async () => (await dataProvider.frozenQuote(migrationId)).quote,
  })
  const stateNote = quote ? STATE_NOTE[quote.currency.state] : null
  const status = quote ? (
    <Chip
      size="small"
      variant="outlined"
      color={quote.changed ? 'warning' : 'success'}
      icon={quote.changed ? <WarningIcon /> : undefined}
      // The brand's warning colour may be light: the text stays dark, the border and icon carry the colour.
      sx={{
        color: quote.changed ? 'text.primary' : 'success.dark',
        alignSelf: { xs: 'flex-start', sm: 'center' },
      }}
      label={quote.changed ? "Today's rates differ" : "Today's rates are the same"}
      data-testid="frozen-quote-status"
    />
  ) : null
  return (
    <SectionCard title="Frozen Quote" actions={status} data-testid="frozen-quote">
      {error ? (
        <LoadError
          what="the quote's rates"
          error={error}
          onRetry={refetch}
          testId="frozen-quote-error"
        />
      ) : isPending || !quote ? (
        <LinearProgress aria-label="Loading the quote's rates" />
      ) : (
        <>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ mb: 1 }}
            data-testid="frozen-quote-date"
          >
            Priced on {auditTime(quote.quotedAt, dateFormat)} with the values below; the price does
            not change when rates do. Rates are units per 1 USD.
          </Typography>
          {stateNote ? (
            <Alert severity="warning" sx={{ mb: 1 }} data-testid="frozen-quote-currency-state">
              {quote.currency.code} {stateNote}
            </Alert>
          ) : null}
          <DataTable
            resource="frozen-quote-lines"
            data={lines(quote)}
            bulkActionButtons={false}
            rowClick={false}
            body={Body}
            aria-label="Rates used by the price and today's values"
            sx={{ '&& .RaDataTable-table .MuiTableCell-root': { px: 1, whiteSpace: 'normal' } }}
          >
            <Col source="label" label="Value" />
            <Col
              source="comparison.used"
              label="Used"
              align="right"
              cellSx={() => ({ fontFamily: 'monospace' })}
              render={(line) => shown(line.comparison.used, line.unit)}
            />
            <Col
              source="comparison.today"
              label="Today"
              align="right"
              cellSx={() => ({ fontFamily: 'monospace' })}
              render={(line) => shown(line.comparison.today, line.unit)}
            />
            <Col
              source="comparison.difference"
              label="Difference"
              align="right"
              cellSx={(line) => ({
                fontWeight: line.comparison.changed ? 700 : undefined,
                color: line.comparison.changed ? 'text.primary' : 'text.secondary',
              })}
              render={(line) => differenceText(line.comparison, line.unit)}
            />
          </DataTable>
        </>
      )}
    </SectionCard>
  )
}
