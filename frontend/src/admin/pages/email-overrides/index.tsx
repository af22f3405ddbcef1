import { useState } from 'react'
import { ListBase, useListContext } from 'react-admin'
import { Box, Button, Card, Chip, Stack, Typography } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import EditIcon from '@mui/icons-material/EditOutlined'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import ForwardIcon from '@mui/icons-material/ForwardToInboxOutlined'
import { errorMessage } from '../../../common/api'
import { statusOf } from '../../authProvider'
import { formatDate, localIsoDateTime } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import { PageHeader } from '../../components/PageHeader'
import { DeleteConfirm } from '../../components/DeleteConfirm'
import { EmptyCard } from '../../components/EmptyCard'
import { IconAction } from '../../components/IconAction'
import { LoadingBlock } from '../../components/LoadingBlock'
import { submissionErrors } from '../../components/formErrors'
import { ListError, ListFetching } from '../../components/list/ListStates'
import { OverrideDialog, type EmailOverride, type OverrideForm } from './OverrideDialog'
import { useAdminTools } from '../../components/useAdminTools'

/** created_at as a short date (DATE_FORMAT) and time, both in the browser's time zone. */
function shortDateTime(iso: string | null, dateFormat: string) {
  const local = iso ? localIsoDateTime(new Date(iso)) : ''
  return local && `${formatDate(local, dateFormat)} ${local.slice(11, 16)}`
}

function OverrideCard({
  override,
  onEdit,
  onDelete,
}: {
  override: EmailOverride
  onEdit: () => void
  onDelete: () => void
}) {
  const { dateFormat } = useFormatting()
  return (
    <Card data-testid={`override-card-${override.member_id}`} sx={{ p: 2, pb: 3 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box>
          <Typography sx={{ fontWeight: 600 }}>{override.insured_full_name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {override.member_id}
          </Typography>
        </Box>
        <Stack direction="row">
          <IconAction title="Edit" aria-label="Edit override" icon={EditIcon} onClick={onEdit} />
          <IconAction
            title="Delete"
            aria-label="Delete override"
            color="error"
            icon={DeleteIcon}
            onClick={onDelete}
          />
        </Stack>
      </Stack>
      <Box
        component="dl"
        sx={{
          'display': 'grid',
          'gridTemplateColumns': 'auto 1fr',
          'columnGap': 2,
          'rowGap': 0.5,
          'mt': 1.5,
          'mb': 0,
          '& dt': { color: 'text.secondary' },
          '& dd': { m: 0 },
          'typography': 'body2',
        }}
      >
        <dt>Original email</dt>
        <Box component="dd" sx={{ textDecoration: 'line-through', color: 'text.secondary' }}>
          {override.original_email ?? 'None'}
        </Box>
        <dt>Override email</dt>
        <Box component="dd" sx={{ fontWeight: 600, color: 'primary.main' }}>
          {override.override_email}
        </Box>
        {override.notes ? (
          <>
            <dt>Notes</dt>
            <dd>{override.notes}</dd>
          </>
        ) : null}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1.5 }}>
        Created by {override.created_by ?? 'unknown'} ·{' '}
        {shortDateTime(override.created_at, dateFormat)}
      </Typography>
    </Card>
  )
}

/** The list's states: loading, error with Retry, the spec's empty state, or the cards with their count. */
function OverrideCards({
  onAdd,
  onEdit,
  onDelete,
}: {
  onAdd: () => void
  onEdit: (override: EmailOverride) => void
  onDelete: (override: EmailOverride) => void
}) {
  const { data, isPending, error } = useListContext<EmailOverride>()
  if (error) return <ListError what="email overrides" />
  if (isPending) return <LoadingBlock label="Loading email overrides" testId="overrides-loading" />
  if (data.length === 0)
    return (
      <EmptyCard
        testId="overrides-empty"
        icon={<ForwardIcon color="disabled" sx={{ fontSize: 48 }} />}
        title="No Email Overrides"
        text="Every member's emails go to the global override or to the member's own address."
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
            Add First Override
          </Button>
        }
      />
    )
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2">
          Active Email Overrides
        </Typography>
        <Chip size="small" label={data.length} color="primary" data-testid="overrides-count" />
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        {data.map((override) => (
          <OverrideCard
            key={override.id}
            override={override}
            onEdit={() => onEdit(override)}
            onDelete={() => onDelete(override)}
          />
        ))}
      </Box>
    </>
  )
}

/** /admin/email-overrides: member-specific recipients that beat every other address. */
export default function EmailOverridesPage() {
  const { toast, refresh, dataProvider, sessionEnded } = useAdminTools()
  const [dialog, setDialog] = useState<{ editing: EmailOverride | null } | null>(null)
  const [deleting, setDeleting] = useState<EmailOverride | null>(null)

  /**
   * Failure toasts read exactly as the spec writes them (§8). The server's own reason (a 4xx:
   * validation, duplicate, not found) follows as a toast of its own, or on its field when the
   * server names one; network and server errors have only the spec's text.
   */
  const reportFailure = async (error: unknown, fallback: string) => {
    if (await sessionEnded(error)) return undefined
    toast.error(fallback)
    const fieldErrors = submissionErrors(error)
    const status = statusOf(error) ?? 0
    if (!fieldErrors && status >= 400 && status < 500) toast.error(errorMessage(error))
    return fieldErrors
  }

  const submit = async (form: OverrideForm) => {
    const editing = dialog?.editing
    try {
      if (editing) {
        await dataProvider.update('email-overrides', {
          id: editing.id,
          previousData: editing,
          data: { override_email: form.override_email, notes: form.notes },
        })
        toast.success('Email override updated successfully')
      } else {
        await dataProvider.create('email-overrides', { data: form })
        toast.success('Email override created successfully')
      }
      setDialog(null)
      refresh()
      return undefined
    } catch (error) {
      return reportFailure(
        error,
        editing ? 'Failed to update email override' : 'Failed to create email override'
      )
    }
  }

  return (
    <>
      <PageHeader
        title="Email Overrides"
        subtitle="Send a member's emails to another address, e.g. for testing or on request."
        back="migrations"
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setDialog({ editing: null })}
            data-testid="add-override"
          >
            Add Override
          </Button>
        }
      />
      <Card sx={{ mb: 3, bgcolor: 'action.hover', p: 2, pb: 3 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          Which address receives a member's emails?
        </Typography>
        <Box component="ol" sx={{ 'm': 0, 'pl': 3, '& li': { mb: 0.5 } }}>
          <li>
            <strong>Member-specific override</strong> (this page) — always wins.
          </li>
          <li>
            <strong>Global recipient override</strong> from the environment setting
            EMAIL_OVERRIDE_RECIPIENT — used when set and no member override exists.
          </li>
          <li>
            <strong>The member's original email</strong> — used otherwise.
          </li>
        </Box>
      </Card>
      {/* The API sends every override: no paging or filters to keep in the URL. */}
      <ListBase perPage={10000} sort={{ field: '', order: 'ASC' }} disableSyncWithLocation>
        <ListFetching />
        <OverrideCards
          onAdd={() => setDialog({ editing: null })}
          onEdit={(override) => setDialog({ editing: override })}
          onDelete={setDeleting}
        />
      </ListBase>
      {dialog ? (
        <OverrideDialog
          editing={dialog.editing}
          onSubmit={submit}
          onClose={() => setDialog(null)}
        />
      ) : null}
      <DeleteConfirm
        record={deleting}
        title="Delete email override"
        content={`Delete the override for ${deleting?.insured_full_name ?? ''}? Their emails will go to the global override or their own address again.`}
        success="Email override deleted successfully"
        onError={(error) => reportFailure(error, 'Failed to delete email override')}
        onClose={() => setDeleting(null)}
      />
    </>
  )
}
