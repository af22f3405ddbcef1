import { DialogContentText, Stack } from '@mui/material'
import { DeleteConfirm } from '../../components/DeleteConfirm'
import type { EmailTemplate } from './types'

/** The delete question for a template; deleting the active one of its type is refused, and said so. */
export function DeleteTemplateConfirm(props: {
  template: EmailTemplate | null
  onDeleted: () => void
  onClose: () => void
}) {
  const { template } = props
  return (
    <DeleteConfirm
      record={template}
      title="Delete email template"
      content={
        <DialogContentText component="div">
          <Stack spacing={1}>
            <span>Are you sure you want to delete the template "{template?.name}"?</span>
            {template?.is_active ? (
              <strong>
                This is the active template of its type: activate another template of this type
                first.
              </strong>
            ) : null}
          </Stack>
        </DialogContentText>
      }
      success="Template deleted successfully"
      onDeleted={props.onDeleted}
      onClose={props.onClose}
    />
  )
}
