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
import { FREQUENCY_LABELS } from '../selection'
import { shopApi, type MemberArea as Area } from '../shopApi'
import { InfoRow } from './InfoRow'
import { CardUpdateDialog } from './CardUpdateDialog'
import { CreditNotes } from './CreditNotes'
import { PdfLinkItem } from './PdfLinkItem'
import { errorMessage } from '../../common/api'
import { useToast } from '../../common/toast'
import { useBranding } from '../../common/branding'
import { useShopText } from '../i18n/useShopText'
import type { MessageKey } from '../i18n/messages'

// Text colours with at least 4.5:1 on the chips' light backgrounds.
const STATUS_CHIPS: Record<
  'paid' | 'due' | 'failed' | 'cancelled',
  { label: MessageKey; sx: object }
> = {
  paid: { label: 'area.status.paid', sx: { bgcolor: '#e6f4ea', color: '#1e6b34' } },
  due: { label: 'area.status.due', sx: { bgcolor: '#eef2ff', color: '#3730a3' } },
  failed: { label: 'area.status.failed', sx: { bgcolor: '#fdecea', color: '#b3261e' } },
  cancelled: { label: 'area.status.cancelled', sx: { bgcolor: '#f1f3f4', color: '#3c4043' } },
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
  const text = useShopText()
  const { t, money, date } = text
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
        t(provider === 'stripe' ? 'area.paymentSubmitted' : 'area.paymentConfirmedSandbox')
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
              {t(paying ? 'area.paying' : 'area.payNow')}
            </Button>
          }
        >
          {t('area.paymentFailed')}
        </Alert>
      ) : null}
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('area.yourMigration')}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <InfoRow
                label={t('area.reference')}
                value={migration.reference}
                testId="area-reference"
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <InfoRow label={t('select.currency')} value={migration.currency} />
            </Grid>
            <Grid size={{ xs: 6 }}>
              <InfoRow
                label={t('area.start')}
                value={date(migration.startDate)}
                testId="area-start"
              />
            </Grid>
            <Grid size={{ xs: 6 }}>
              <InfoRow label={t('area.end')} value={date(migration.endDate)} testId="area-end" />
            </Grid>
            <Grid size={12}>
              <InfoRow
                label={t('area.membersCovered')}
                value={migration.members
                  .map((member) =>
                    t('area.memberWithRole', { name: member.name, role: text.role(member.role) })
                  )
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
            {t('area.schedule')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('area.scheduleLine', {
              frequency: FREQUENCY_LABELS[migration.paymentFrequency]
                ? t(FREQUENCY_LABELS[migration.paymentFrequency].label)
                : migration.paymentFrequency,
              amount: money(migration.totalAmount, migration.currency),
            })}
          </Typography>
          <Table
            size="small"
            data-testid="area-schedule"
            // Four columns (German headings, a paid row's receipt link, a "Fehlgeschlagen" chip) fit a
            // 360 px phone only with half the cell padding and 13 px text (they overflowed by 3–5 px).
            sx={{
              '& td, & th': {
                px: { xs: 0.5, sm: 2 },
                fontSize: { xs: '0.8125rem', sm: '0.875rem' },
              },
            }}
          >
            <TableHead>
              <TableRow>
                <TableCell>{t('installments.dueDate')}</TableCell>
                <TableCell align="right">{t('installments.amount')}</TableCell>
                <TableCell>{t('area.status')}</TableCell>
                <TableCell>{t('area.receipt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {schedule.map((row) => (
                <TableRow key={row.paymentNumber}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(row.dueDate)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {money(row.amount, migration.currency)}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      data-testid={`installment-status-${row.paymentNumber}`}
                      label={t(STATUS_CHIPS[row.status].label)}
                      sx={STATUS_CHIPS[row.status].sx}
                    />
                  </TableCell>
                  <TableCell>
                    {row.receiptId === null ? null : (
                      <Link
                        href={shopApi.receiptUrl(row.receiptId)}
                        download
                        data-testid={`receipt-${row.paymentNumber}`}
                        aria-label={t('area.receiptLabel', { number: row.paymentNumber })}
                      >
                        {t('common.pdf')}
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
              {t('area.card')}
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
                  ? t('area.cardOnePayment')
                  : area.cardUpdatedAt
                    ? t('area.cardChanged', { date: date(area.cardUpdatedAt) })
                    : t('area.cardCharged')}
              </Typography>
              {area.recurring ? (
                <Button
                  variant="outlined"
                  onClick={() => void openCardUpdate()}
                  data-testid="update-card"
                >
                  {t('area.updateCard')}
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
            {t('area.documents')}
          </Typography>
          <DocumentsNote state={area.documentsState} />
          {documents.length === 0 ? null : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {documents.map((document) => (
                <PdfLinkItem
                  key={document.id}
                  icon={<PictureAsPdfOutlinedIcon color="action" aria-hidden />}
                  href={shopApi.documentUrl(document.id)}
                  fileName={document.fileName}
                  testId={`document-${document.id}`}
                >
                  {document.memberName
                    ? t('area.documentFor', { name: document.memberName })
                    : document.fileName}
                </PdfLinkItem>
              ))}
            </Box>
          )}
          <CreditNotes notes={area.creditNotes} />
        </CardContent>
      </Card>
    </Stack>
  )
}

const DOCUMENT_STATES: Record<'skipped' | 'partial' | 'failed', MessageKey> = {
  skipped: 'area.documentsSkipped',
  partial: 'area.documentsPartial',
  failed: 'area.documentsFailed',
}

/** What is true about the documents (member_area.ts documentsState): only "preparing" promises them. */
function DocumentsNote({ state }: { state: Area['documentsState'] }) {
  const { branding } = useBranding()
  const { t, rich } = useShopText()
  if (state === 'preparing') {
    return (
      <Typography color="text.secondary" data-testid="documents-state">
        {t('area.documentsPreparing')}
      </Typography>
    )
  }
  if (state === 'skipped' || state === 'failed' || state === 'partial') {
    const what = DOCUMENT_STATES[state]
    return (
      <Typography
        color="text.secondary"
        data-testid="documents-state"
        sx={{ mb: state === 'partial' ? 1 : 0 }}
      >
        {rich(what, {
          email: branding.supportEmail,
          mail: (chunks) => <Link href={`mailto:${branding.supportEmail}`}>{chunks}</Link>,
        })}
      </Typography>
    )
  }
  return null
}
