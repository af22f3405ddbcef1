import { useQuery } from '@tanstack/react-query'
import { LinearProgress, Link, Stack, Typography } from '@mui/material'
import { centsLabel } from '../finance/reconciliation'
import { LoadError } from '../../components/list/ListStates'
import { auditTime } from '../../audit/auditText'
import { useAdminTools } from '../../components/useAdminTools'

/** The credit notes of a migration's refunds (one per refund that reached the member), each PDF as emailed. */
export function MigrationCreditNotes({
  migrationId,
  heading,
}: {
  migrationId: number
  heading: 'h2' | 'h3'
}) {
  const { dataProvider, dateFormat } = useAdminTools()
  const { data, error, isPending, refetch } = useQuery({
    queryKey: ['migrations', 'credit-notes', migrationId],
    queryFn: async () => (await dataProvider.creditNotes(migrationId)).creditNotes,
  })
  return (
    <div data-testid="migration-credit-notes">
      <Typography variant="subtitle2" component={heading}>
        Credit notes
      </Typography>
      {error ? (
        <LoadError
          what="credit notes"
          error={error}
          onRetry={refetch}
          testId="credit-notes-error"
        />
      ) : isPending || !data ? (
        <LinearProgress aria-label="Loading credit notes" />
      ) : data.length === 0 ? (
        <Typography variant="body2" color="text.secondary" align="center">
          No credit notes
        </Typography>
      ) : (
        <Stack spacing={0.5}>
          {data.map((note) => (
            <Typography key={note.id} variant="body2" data-testid="credit-note-row">
              <Link href={`/api/admin/credit-notes/${note.id}/pdf`} target="_blank" rel="noopener">
                {note.number}
              </Link>
              {` · ${centsLabel(note.amountCents, note.currency)} · ${auditTime(note.issuedAt, dateFormat)}`}
            </Typography>
          ))}
        </Stack>
      )}
    </div>
  )
}
