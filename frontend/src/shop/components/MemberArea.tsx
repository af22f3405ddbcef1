import { useEffect, useState } from 'react'
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Grid,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined'
import { formatDate, formatMoney } from '../../common/format'
import { useFormatting } from '../../common/formatting'
import { FREQUENCY_LABELS } from '../selection'
import { shopApi, type MemberArea as Area } from '../shopApi'
import { InfoRow } from './InfoRow'
import { CardUpdateDialog } from './CardUpdateDialog'
import { errorMessage } from '../../common/api'
import { useToast } from '../../common/toast'
import { useBranding } from '../../common/branding'

// Text colours with at least 4.5:1 on the chips' light backgrounds.
const STATUS_CHIPS = {
  paid: { label: 'Paid', sx: { bgcolor: '#e6f4ea', color: '#1e6b34' } },
  due: { label: 'Due', sx: { bgcolor: '#eef2ff', color: '#3730a3' } },
  failed: { label: 'Failed', sx: { bgcolor: '#fdecea', color: '#b3261e' } },
}

const MEMBER_AREA_PATH = '/shop/already-migrated'

/**
 * Whether the browser opened this document at the member area: only then does its
 * Content-Security-Policy admit Stripe.js (backend/start/content_security.ts). After a sign-in
 * the area is reached inside the app, under the login page's policy.
 */
function openedAtMemberArea() {
  const navigation = performance.getEntriesByType('navigation')[0] as
    | PerformanceNavigationTiming
    | undefined
  return new URL(navigation?.name ?? window.location.href).pathname === MEMBER_AREA_PATH
}

/** The paid member's area: migration, payment schedule with statuses, and policy documents. */
export function MemberArea() {
  const { dateFormat } = useFormatting()
  const toast = useToast()
  const [area, setArea] = useState<Area | null>(null)
  const [paying, setPaying] = useState(false)
  // ?update-card=1: the page was reloaded to change the card with Stripe (openCardUpdate).
  const [cardOpen, setCardOpen] = useState(
    () => new URLSearchParams(window.location.search).get('update-card') === '1'
  )
  const load = () => shopApi.memberArea().then(setArea, () => undefined)
  useEffect(() => {
    void load()
  }, [])
  const openCardUpdate = async () => {
    const { provider } = await shopApi
      .paymentsConfig()
      .catch(() => ({ provider: 'sandbox' as const }))
    if (provider === 'stripe' && !openedAtMemberArea())
      window.location.assign(`${MEMBER_AREA_PATH}?update-card=1`)
    else setCardOpen(true)
  }
  const payNow = async () => {
    setPaying(true)
    try {
      const { provider } = await shopApi.payNow()
      toast.success(
        provider === 'stripe'
          ? 'Payment submitted. The schedule updates once your bank confirms it.'
          : 'Payment confirmed (sandbox)'
      )
      await load()
    } catch (error) {
      toast.error(errorMessage(error))
    } finally {
      setPaying(false)
    }
  }
  if (!area?.migration) return null
  const { migration, schedule, documents } = area
  return (
    <Stack spacing={3} data-testid="member-area">
      {area.canPayNow ? (
        <Alert
          severity="warning"
          role="alert"
          data-testid="payment-failed"
          action={
            <Button
              color="inherit"
              onClick={payNow}
              disabled={paying}
              data-testid="pay-now"
              sx={{ whiteSpace: 'nowrap' }}
            >
              {paying ? 'Paying…' : 'Pay now'}
            </Button>
          }
        >
          A payment of your plan failed. Pay it now with the card on file to keep your coverage.
        </Alert>
      ) : null}
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Your migration
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <InfoRow label="Reference" value={migration.reference} testId="area-reference" />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <InfoRow label="Currency" value={migration.currency} />
            </Grid>
            <Grid size={{ xs: 6 }}>
              <InfoRow
                label="Coverage start"
                value={formatDate(migration.startDate, dateFormat)}
                testId="area-start"
              />
            </Grid>
            <Grid size={{ xs: 6 }}>
              <InfoRow
                label="Coverage end"
                value={formatDate(migration.endDate, dateFormat)}
                testId="area-end"
              />
            </Grid>
            <Grid size={12}>
              <InfoRow
                label="Members covered"
                value={migration.members
                  .map((member) => `${member.name} (${member.role})`)
                  .join(', ')}
                testId="area-members"
              />
            </Grid>
          </Grid>
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Payment schedule
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {FREQUENCY_LABELS[migration.paymentFrequency]?.label ?? migration.paymentFrequency} ·
            total {formatMoney(migration.totalAmount, migration.currency)}
          </Typography>
          <Table
            size="small"
            data-testid="area-schedule"
            // Four columns fit a 360 px phone only with half the cell padding (a paid row has its receipt link).
            sx={{ '& td, & th': { px: { xs: 0.5, sm: 2 } } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>Due date</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Receipt</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {schedule.map((row) => (
                <TableRow key={row.paymentNumber}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {formatDate(row.dueDate, dateFormat)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(row.amount, migration.currency)}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      data-testid={`installment-status-${row.paymentNumber}`}
                      {...STATUS_CHIPS[row.status]}
                    />
                  </TableCell>
                  <TableCell>
                    {row.receiptId === null ? null : (
                      <Link
                        href={shopApi.receiptUrl(row.receiptId)}
                        download
                        data-testid={`receipt-${row.paymentNumber}`}
                        aria-label={`Receipt for payment ${row.paymentNumber} (PDF)`}
                      >
                        PDF
                      </Link>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      {area.recurring || area.card ? (
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              Payment card
            </Typography>
            {area.card ? (
              <Typography data-testid="card-on-file" sx={{ mb: 1 }}>
                {area.card.label}
              </Typography>
            ) : null}
            <Stack
              direction="row"
              sx={{
                alignItems: 'center',
                justifyContent: 'space-between',
                flexWrap: 'wrap',
                gap: 1,
              }}
            >
              <Typography color="text.secondary" data-testid="card-updated">
                {!area.recurring
                  ? 'Your coverage was paid in one payment with this card.'
                  : area.cardUpdatedAt
                    ? `Card changed on ${formatDate(area.cardUpdatedAt, dateFormat)}`
                    : 'The card you paid with is charged for the next payments.'}
              </Typography>
              {area.recurring ? (
                <Button
                  variant="outlined"
                  onClick={() => void openCardUpdate()}
                  data-testid="update-card"
                >
                  Update card
                </Button>
              ) : null}
            </Stack>
          </CardContent>
        </Card>
      ) : null}
      <CardUpdateDialog
        key={String(cardOpen)}
        open={cardOpen}
        onClose={() => setCardOpen(false)}
        onUpdated={() => void load()}
      />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            Policy documents
          </Typography>
          <DocumentsNote state={area.documentsState} />
          {documents.length === 0 ? null : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {documents.map((document) => (
                <Box
                  component="li"
                  key={document.id}
                  sx={{
                    py: 0.75,
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    overflowWrap: 'anywhere',
                  }}
                >
                  <PictureAsPdfOutlinedIcon color="action" aria-hidden />
                  <Link
                    href={shopApi.documentUrl(document.id)}
                    download={document.fileName}
                    data-testid={`document-${document.id}`}
                  >
                    {document.memberName
                      ? `Policy document – ${document.memberName}`
                      : document.fileName}
                  </Link>
                  <Typography
                    component="span"
                    variant="body2"
                    color="text.secondary"
                    sx={{ flexShrink: 0 }}
                  >
                    (PDF)
                  </Typography>
                </Box>
              ))}
            </Box>
          )}
        </CardContent>
      </Card>
    </Stack>
  )
}

/** What is true about the documents (member_area.ts documentsState): only "preparing" promises them. */
function DocumentsNote({ state }: { state: Area['documentsState'] }) {
  const { branding } = useBranding()
  const support = <Link href={`mailto:${branding.supportEmail}`}>{branding.supportEmail}</Link>
  if (state === 'preparing') {
    return (
      <Typography color="text.secondary" data-testid="documents-state">
        Your documents are being prepared. They will appear here and in your email.
      </Typography>
    )
  }
  if (state === 'skipped' || state === 'failed' || state === 'partial') {
    const what =
      state === 'skipped'
        ? 'No policy documents were made online for your coverage.'
        : state === 'partial'
          ? 'Some of your policy documents could not be made.'
          : 'Your policy documents could not be made.'
    return (
      <Typography
        color="text.secondary"
        data-testid="documents-state"
        sx={{ mb: state === 'partial' ? 1 : 0 }}
      >
        {what} Your coverage is not affected: our support team sends them to you. Questions? Write
        to {support}.
      </Typography>
    )
  }
  return null
}
