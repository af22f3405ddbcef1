import { Link as RouterLink } from 'react-router-dom'
import { DataTable } from 'react-admin'
import { Box, Link, Typography } from '@mui/material'
import type { ApiAnswer } from '../../../common/api_contract'
import { PageHeader } from '../../components/PageHeader'
import { ListEmpty, bodyWithRowTestId } from '../../components/list/ListStates'
import { CardList } from '../../components/list/CardList'
import { PagePager } from '../../components/list/PagePager'
import { adminPath } from '../../paths'
import { dateTime } from '../migrations/deliveryText'
import { callMember } from '../../components/MemberCells'
import { ReplayButton } from '../../components/ReplayButton'
import { UnknownEmailsCard } from './UnknownEmailsCard'

const Col = DataTable.Col<ApiAnswer<'/api/admin/dead-letters', 'get'>['items'][number]>
const Body = bodyWithRowTestId('dead-letter-row')

/**
 * /admin/dead-letters: every outbound call or job whose retries ran out, across migrations
 * (docs/operations.md §3), with Replay; above them the emails whose delivery is unknown, with
 * Resend (UnknownEmailsCard). Reached from the Migrations screen and each migration's
 * outbox, not from the sidebar.
 */
export default function DeadLetterList() {
  return (
    <>
      <PageHeader
        title="Dead Letters"
        subtitle="Insurer calls and jobs whose retries ran out, across migrations"
        back="migrations"
      />
      <UnknownEmailsCard />
      <CardList what="dead letters" perPage={50} pagination={false}>
        <Box
          data-testid="dead-letters-table"
          sx={{ overflowX: 'auto', maxWidth: { xs: 'calc(100vw - 32px)', md: 'none' } }}
        >
          <DataTable
            bulkActionButtons={false}
            rowClick={false}
            body={Body}
            empty={<ListEmpty text="Nothing is in dead letter" testId="dead-letters-empty" />}
          >
            <Col
              source="failed_at"
              label="Failed At"
              disableSort
              render={(letter) => dateTime(letter.failed_at)}
            />
            <Col
              source="migration_reference"
              label="Migration"
              disableSort
              render={(letter) =>
                letter.migration_id ? (
                  <Link component={RouterLink} to={adminPath(`migrations/${letter.migration_id}`)}>
                    {letter.migration_reference ?? `#${letter.migration_id}`}
                  </Link>
                ) : (
                  '—'
                )
              }
            />
            <Col
              source="label"
              label="Call"
              disableSort
              render={(letter) =>
                letter.api_name ? `${letter.label} (${letter.api_name})` : letter.label
              }
            />
            <Col source="member_name" label="Member" disableSort render={callMember} />
            <Col source="attempts" label="Attempts" disableSort align="right" />
            <Col
              source="last_error"
              label="Last Error"
              disableSort
              render={(letter) => letter.last_error ?? '—'}
            />
            <Col
              source="idempotency_key"
              label="Idempotency Key"
              disableSort
              render={(letter) => (
                <Box
                  sx={{
                    fontFamily: 'monospace',
                    fontSize: 12,
                    overflowWrap: 'anywhere',
                    minWidth: 140,
                  }}
                >
                  {letter.idempotency_key ?? '—'}
                </Box>
              )}
            />
            <Col
              label="Actions"
              align="right"
              render={(letter) =>
                letter.replayable ? (
                  <ReplayButton
                    jobId={letter.id}
                    what={`${letter.label.toLowerCase()} of ${letter.migration_reference ?? 'the migration'}`}
                    aria-label={`Replay ${letter.label.toLowerCase()} #${letter.id}`}
                    data-testid="replay-dead-letter"
                  />
                ) : (
                  <Typography variant="caption" color="text.secondary">
                    Use the migration's retry buttons
                  </Typography>
                )
              }
            />
          </DataTable>
        </Box>
        <PagePager />
      </CardList>
    </>
  )
}
