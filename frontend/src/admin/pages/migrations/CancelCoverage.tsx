import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { DateInput, TextInput, required, minLength, maxLength } from 'react-admin'
import { Alert, Button, LinearProgress, Typography } from '@mui/material'
import CancelIcon from '@mui/icons-material/EventBusy'
import type { ApiAnswer } from '../../../common/api_contract'
import { formatDate, localIsoDateTime } from '../../../common/format'
import { FormDialog } from '../../components/FormDialog'
import { describeError } from '../../components/adminErrors'
import { useAdminTools } from '../../components/useAdminTools'
import { useAdminData } from '../../dataProvider'
import { centsLabel } from '../finance/reconciliation'

type Cancellation = ApiAnswer<'/api/admin/migrations/{id}/cancellation', 'get'>
type Preview = NonNullable<Cancellation['preview']>
const DAY = /^\d{4}-\d{2}-\d{2}$/

/** The refund the chosen effective date implies, from the server's preview (never computed here). */
function RefundPreview({ migrationId }: { migrationId: number }) {
  const dataProvider = useAdminData()
  const { dateFormat } = useAdminTools()
  const effectiveOn: string | undefined = useWatch({ name: 'effectiveOn' })
  const valid = typeof effectiveOn === 'string' && DAY.test(effectiveOn)
  const { data, error, isFetching } = useQuery({
    queryKey: ['migrations', migrationId, 'cancellation', effectiveOn],
    queryFn: () => dataProvider.coverageCancellation(migrationId, effectiveOn),
    enabled: valid,
    retry: false,
  })
  if (!valid)
    return (
      <Alert severity="info" data-testid="cancel-preview">
        Choose the last day of cover to see the refund.
      </Alert>
    )
  if (error)
    return (
      <Alert severity="error" data-testid="cancel-preview">
        Could not work out the refund: {describeError(error)}
      </Alert>
    )
  if (!data || isFetching)
    return (
      <LinearProgress aria-label="Working out the refund" data-testid="cancel-preview-loading" />
    )
  const preview: Preview | null = data.preview
  if (!preview)
    return (
      <Alert severity="warning" data-testid="cancel-preview">
        {data.notCancellable ?? 'This coverage was cancelled already.'}
      </Alert>
    )
  const amount = centsLabel(preview.refundCents, preview.currency)
  return (
    <Alert severity="warning" data-testid="cancel-preview" role="status">
      <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="cancel-refund">
        Refund: {amount} of {centsLabel(preview.paidCents, preview.currency)} paid
      </Typography>
      <Typography variant="body2" data-testid="cancel-rule">
        {preview.inCoolingOff
          ? `Within the cooling-off period (until ${formatDate(preview.coolingOffEndsOn, dateFormat)}): the whole amount is refunded.`
          : `After the cooling-off period: the unused part, ${preview.daysUnused} of ${preview.daysPaid} days paid for.`}
        {preview.cancelsFutureInstallments
          ? ' Future installments are cancelled at the provider.'
          : ''}
      </Typography>
    </Alert>
  )
}

/**
 * Cancel coverage on the migration detail (docs/backoffice.md): a reason, the last day of cover,
 * the refund the server's preview gives for that day, then Confirm. The detail reloads after.
 */
export function CancelCoverageButton({ migrationId }: { migrationId: number }) {
  const dataProvider = useAdminData()
  const { toast } = useAdminTools()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const save = async (values: { reason: string; effectiveOn: string }) => {
    const answer = await dataProvider.cancelCoverage(migrationId, {
      reason: values.reason.trim(),
      effectiveOn: values.effectiveOn,
    })
    toast.success(
      answer.created
        ? 'Coverage cancelled: the refund is on its way'
        : 'This coverage was cancelled already'
    )
    setOpen(false)
    await queryClient.invalidateQueries()
  }
  return (
    <>
      <Button
        variant="outlined"
        color="error"
        sx={{ color: 'error.dark' }}
        startIcon={<CancelIcon />}
        onClick={() => setOpen(true)}
        data-testid="cancel-coverage"
      >
        Cancel Coverage
      </Button>
      <FormDialog<{ reason: string; effectiveOn: string }>
        open={open}
        title="Cancel coverage"
        testId="cancel-coverage-dialog"
        submitLabel="Confirm cancellation"
        maxWidth="sm"
        record={{ reason: '', effectiveOn: localIsoDateTime().slice(0, 10) }}
        onSave={save}
        onClose={() => setOpen(false)}
      >
        <TextInput
          source="reason"
          label="Reason"
          multiline
          minRows={2}
          fullWidth
          validate={[required(), minLength(3), maxLength(400)]}
          slotProps={{ htmlInput: { 'data-testid': 'cancel-reason' } }}
        />
        <DateInput
          source="effectiveOn"
          label="Last day of cover"
          fullWidth
          validate={required()}
          slotProps={{ htmlInput: { 'data-testid': 'cancel-effective-on' } }}
        />
        <RefundPreview migrationId={migrationId} />
      </FormDialog>
    </>
  )
}
