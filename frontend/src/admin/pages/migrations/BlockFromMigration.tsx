import { TextInput } from 'react-admin'
import { DialogContentText } from '@mui/material'
import { FormDialog } from '../../components/FormDialog'
import { useAdminTools } from '../../components/useAdminTools'

/**
 * Block Member on the migration detail asks for a reason (optional), as the Members screen's
 * block dialog does (issue 27 §9); the reason is kept with the block and shown when lifting it.
 */
export function BlockFromMigrationDialog(props: {
  migrationId: number | null
  memberName: string
  onClose: () => void
  onBlocked: () => void
}) {
  const { dataProvider, toast } = useAdminTools()
  const save = async (values: { reason?: string | null }) => {
    await dataProvider.blockMember(props.migrationId!, 'block', values.reason?.trim() || undefined)
    toast.success('Successfully blocked member')
    props.onClose()
    props.onBlocked()
  }
  return (
    <FormDialog
      open={props.migrationId !== null}
      title="Block Member"
      submitLabel="Block Member"
      testId="block-dialog"
      submitTestId="block-confirm"
      onSave={save}
      onClose={props.onClose}
    >
      <DialogContentText>
        {`${props.memberName} will not be able to migrate until unblocked.`}
      </DialogContentText>
      <TextInput
        source="reason"
        label="Reason"
        fullWidth
        multiline
        minRows={2}
        helperText={false}
        sx={{ mt: 2 }}
        slotProps={{ htmlInput: { 'maxLength': 500, 'data-testid': 'block-reason' } }}
      />
    </FormDialog>
  )
}
