import { Form, regex, required, SaveButton, TextInput } from 'react-admin'
import { useFormState } from 'react-hook-form'
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
} from '@mui/material'
import type { ApiAnswer } from '../../../common/api_contract'
import { ChosenMember, MemberSearchInput } from './MemberSearch'

export type EmailOverride = ApiAnswer<'/api/admin/email-overrides', 'get'>['overrides'][number]
export type OverrideForm = { member_id: string; override_email: string; notes: string | null }

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const validateEmail = [
  required('Please enter an override email'),
  regex(EMAIL, 'Please enter a valid email address'),
]

function SubmitButton({ editing }: { editing: boolean }) {
  const { isSubmitting } = useFormState()
  return (
    <SaveButton
      icon={<></>}
      alwaysEnable
      label={isSubmitting ? 'Saving...' : editing ? 'Update Override' : 'Create Override'}
      data-testid="override-submit"
    />
  )
}

/**
 * Add or edit an override: a react-admin form (the spec's messages as validators; the server's 422s
 * on their fields). Create mode needs a chosen member; edit mode shows the member read-only.
 */
export function OverrideDialog(props: {
  editing: EmailOverride | null
  onSubmit: (form: OverrideForm) => Promise<Record<string, string> | undefined>
  onClose: () => void
}) {
  const { editing } = props
  return (
    <Dialog open onClose={props.onClose} maxWidth="sm" fullWidth data-testid="override-dialog">
      <DialogTitle>{editing ? 'Edit Email Override' : 'Add Email Override'}</DialogTitle>
      <Form
        record={editing ?? undefined}
        onSubmit={(values: Record<string, any>) =>
          props.onSubmit({
            member_id: editing?.member_id ?? values.member_id,
            override_email: values.override_email.trim(),
            notes: values.notes?.trim() || null,
          })
        }
        noValidate
      >
        <DialogContent dividers>
          <Stack spacing={1}>
            {editing ? (
              <ChosenMember
                name={editing.insured_full_name}
                id={editing.member_id}
                email={editing.original_email}
              />
            ) : (
              <MemberSearchInput />
            )}
            <TextInput
              source="override_email"
              label="Override Email Address"
              type="email"
              validate={validateEmail}
              isRequired
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'override-email' } }}
            />
            <TextInput
              source="notes"
              label="Notes (optional)"
              fullWidth
              multiline
              minRows={2}
              helperText={false}
            />
            <Alert severity="warning">
              This override takes priority over the global EMAIL_OVERRIDE_RECIPIENT setting: every
              email to this member goes to the override address.
            </Alert>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose}>Cancel</Button>
          <SubmitButton editing={Boolean(editing)} />
        </DialogActions>
      </Form>
    </Dialog>
  )
}
