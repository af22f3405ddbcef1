import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link as RouterLink } from 'react-router-dom'
import { Confirm, DataTable } from 'react-admin'
import { Button, Link, Typography } from '@mui/material'
import SendIcon from '@mui/icons-material/Send'
import type { ApiAnswer } from '../../../common/api_contract'
import { SectionCard } from '../../components/SectionCard'
import { Caption } from '../../components/Caption'
import { Captioned } from '../../components/Captioned'
import { TableRegion } from '../../components/TableRegion'
import { useAdminMutation } from '../../components/useAdminMutation'
import { bodyWithRowTestId, ListEmpty, LoadError } from '../../components/list/ListStates'
import { useAdminData } from '../../dataProvider'
import { adminPath } from '../../paths'
import { dateTime, emailTypeLabel } from '../migrations/deliveryText'

type UnknownEmail = ApiAnswer<'/api/admin/dead-letters', 'get'>['unknown_emails'][number]

const Col = DataTable.Col<UnknownEmail>
const Body = bodyWithRowTestId('unknown-email-row', (email: UnknownEmail) => ({
  'data-delivery-id': email.id,
}))

/**
 * Emails whose delivery is unknown (docs/operations.md §2): the sender stopped after handing the
 * message to the mail server, before its answer. Nothing sends them again on their own; Resend,
 * after a confirmation that the recipient may receive it twice, sends it once more (a new
 * delivery through the same outbox) and the row leaves the list.
 */
export function UnknownEmailsCard() {
  const dataProvider = useAdminData()
  const [resending, setResending] = useState<UnknownEmail | null>(null)
  const { data, isError, error, isPending, refetch } = useQuery({
    queryKey: ['dead-letters', 'unknown-emails'],
    queryFn: async () => (await dataProvider.unknownEmails()).unknown_emails,
    retry: false,
  })
  const { mutate: resend, isPending: busy } = useAdminMutation(
    (email: UnknownEmail) => dataProvider.resendEmailDelivery(email.id),
    ({ delivery }, email) =>
      `Resend queued: the ${emailTypeLabel(email.email_type)} email goes to ${delivery.recipient} as delivery #${delivery.id}`,
    'Failed to resend the email'
  )

  return (
    <SectionCard
      title="Emails with unknown delivery"
      data-testid="unknown-emails-card"
      sx={{ mb: 2 }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        The sender stopped after handing these emails to the mail server, before it answered: each
        may or may not have arrived, and nothing sends it again on its own. Check with the
        recipient, then resend it if it did not arrive.
      </Typography>
      {isError ? (
        <LoadError
          what="the emails with unknown delivery"
          error={error}
          onRetry={refetch}
          testId="unknown-emails-error"
        />
      ) : isPending ? null : data.length === 0 ? (
        <ListEmpty text="No email has an unknown delivery" testId="unknown-emails-empty" />
      ) : (
        <TableRegion label="Table of emails with unknown delivery">
          <DataTable
            resource="unknown-emails"
            data={data}
            bulkActionButtons={false}
            rowClick={false}
            body={Body}
            sx={{ '& table': { minWidth: 760 } }}
          >
            <Col
              source="since"
              label="Since"
              cellSx={() => ({ whiteSpace: 'nowrap' })}
              render={(email) => dateTime(email.since)}
            />
            <Col
              source="email_type"
              label="Email"
              render={(email) => (
                <Captioned caption={`#${email.id}`}>{emailTypeLabel(email.email_type)}</Captioned>
              )}
            />
            <Col
              source="recipient"
              label="Recipient"
              cellSx={() => ({ overflowWrap: 'anywhere', minWidth: 160 })}
            />
            <Col
              source="migration_reference"
              label="Migration"
              render={(email) =>
                email.migration_id ? (
                  <Link component={RouterLink} to={adminPath(`migrations/${email.migration_id}`)}>
                    {email.migration_reference ?? `#${email.migration_id}`}
                  </Link>
                ) : (
                  '—'
                )
              }
            />
            <Col
              source="subject"
              label="Subject"
              cellSx={() => ({ minWidth: 160, overflowWrap: 'anywhere' })}
            />
            <Col
              label="Actions"
              align="right"
              render={(email) =>
                email.resendable ? (
                  <Button
                    size="small"
                    variant="outlined"
                    startIcon={<SendIcon />}
                    sx={{ whiteSpace: 'nowrap' }}
                    disabled={busy}
                    onClick={() => setResending(email)}
                    aria-label={`Resend the ${emailTypeLabel(email.email_type)} email #${email.id}`}
                    data-testid="resend-unknown-email"
                  >
                    Resend
                  </Button>
                ) : (
                  <Caption>Invitations are sent again from Unmigrated Users</Caption>
                )
              }
            />
          </DataTable>
        </TableRegion>
      )}
      <Confirm
        isOpen={resending !== null}
        title="Resend this email?"
        content={
          resending
            ? `The ${emailTypeLabel(resending.email_type)} email to ${resending.recipient} may have arrived already. Resending sends it once more: the recipient may receive it twice.`
            : ''
        }
        confirm="Resend"
        loading={busy}
        onConfirm={() => {
          resend(resending!)
          setResending(null)
        }}
        onClose={() => setResending(null)}
      />
    </SectionCard>
  )
}
