import { useState } from 'react'
import { ListBase } from 'react-admin'
import { Button } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import { PageHeader } from '../../components/PageHeader'
import { DeleteConfirm } from '../../components/DeleteConfirm'
import { ListFetching } from '../../components/list/ListStates'
import { useAdminTools } from '../../components/useAdminTools'
import { OverrideCards } from './OverrideCards'
import { OverrideDialog, type EmailOverride, type OverrideForm } from './OverrideDialog'
import { RecipientOrder } from './RecipientOrder'
import { useOverrideFailure } from './useOverrideFailure'

/** /admin/email-overrides: member-specific recipients that beat every other address. */
export default function EmailOverridesPage() {
  const { toast, refresh, dataProvider } = useAdminTools()
  const reportFailure = useOverrideFailure()
  const [dialog, setDialog] = useState<{ editing: EmailOverride | null } | null>(null)
  const [deleting, setDeleting] = useState<EmailOverride | null>(null)

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
      <RecipientOrder />
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
