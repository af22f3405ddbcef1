import { PasswordInput, SelectInput, TextInput, useGetIdentity } from 'react-admin'
import type { ApiAnswer } from '../../../common/api_contract'
import { FormDialog, type FormProblem } from '../../components/FormDialog'
import { useAdminTools } from '../../components/useAdminTools'

export type AdminAccount = ApiAnswer<'/api/admin/admin-users', 'get'>['admins'][number]
type Values = Record<string, string | null | undefined>

const input = (source: string, label: string, testId: string, type?: 'email' | 'password') => {
  const Input = type === 'password' ? PasswordInput : TextInput
  return (
    <Input
      source={source}
      label={label}
      type={type === 'email' ? 'email' : undefined}
      fullWidth
      helperText={false}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    />
  )
}

/** The roles of docs/security.md "Roles"; none chosen: the server makes an Owner. */
const ROLE_CHOICES = [
  { id: 'owner', name: 'Owner (everything)' },
  { id: 'operations', name: 'Operations' },
  { id: 'finance', name: 'Finance' },
  { id: 'support', name: 'Support (read-only, resend emails, secure links)' },
]

const missing = (values: Values, fields: string[]) =>
  Object.fromEntries(
    fields.filter((field) => !values[field]?.trim()).map((field) => [field, 'Required'])
  )

/** The spec's checks (admin-backoffice.md §8): create needs all three and 6 characters, edit username and email. */
function checkAdmin(creating: boolean) {
  return (values: Values): FormProblem | null => {
    const fields = missing(
      values,
      creating ? ['username', 'email', 'password'] : ['username', 'email']
    )
    if (Object.keys(fields).length)
      return {
        message: creating ? 'Please fill in all fields' : 'Username and email are required',
        fields,
      }
    if (creating && values.password!.length < 6)
      return {
        message: 'Password must be at least 6 characters',
        fields: { password: 'At least 6 characters' },
      }
    return null
  }
}

/** Create (username, email, password) or edit (username, email) an account; saved, the dialog closes and the list reloads. */
export function AdminFormDialog(props: {
  open: boolean
  admin: AdminAccount | null
  onClose: () => void
}) {
  const { dataProvider, toast, refresh } = useAdminTools()
  const admin = props.admin
  const creating = admin === null
  const save = async (values: Values) => {
    const body = {
      username: values.username!.trim(),
      email: values.email!.trim(),
      ...(values.role ? { role: values.role } : {}),
    }
    if (admin)
      await dataProvider.update('admins', { id: admin.id, data: body, previousData: admin })
    else await dataProvider.create('admins', { data: { ...body, password: values.password! } })
    toast.success(admin ? 'Admin updated successfully' : 'Admin created successfully')
    props.onClose()
    refresh()
  }
  return (
    <FormDialog
      open={props.open}
      title={creating ? 'Create Admin' : 'Edit Admin'}
      submitLabel={creating ? 'Create Admin' : 'Update Admin'}
      testId="admin-form"
      record={props.admin}
      check={checkAdmin(creating)}
      onSave={save}
      onClose={props.onClose}
    >
      {input('username', 'Username', 'admin-form-username')}
      {input('email', 'Email', 'admin-form-email', 'email')}
      {creating ? input('password', 'Password', 'admin-form-password', 'password') : null}
      <SelectInput
        source="role"
        label="Role (optional)"
        choices={ROLE_CHOICES}
        emptyText="Owner (default)"
        fullWidth
        helperText={false}
        slotProps={{ htmlInput: { 'data-testid': 'admin-form-role' } }}
      />
    </FormDialog>
  )
}

const checkPassword = (values: Values): FormProblem | null => {
  const fields = missing(values, ['next', 'repeat'])
  if (Object.keys(fields).length) return { message: 'Please fill in all password fields', fields }
  if (values.next !== values.repeat)
    return { message: 'New passwords do not match', fields: { repeat: 'Does not match' } }
  if (values.next!.length < 6)
    return {
      message: 'New password must be at least 6 characters',
      fields: { next: 'At least 6 characters' },
    }
  return null
}

/** A new password for an account (one's own needs the current one); saved, the dialog closes. */
export function ChangePasswordDialog(props: { admin: AdminAccount | null; onClose: () => void }) {
  const { dataProvider, toast } = useAdminTools()
  const { identity } = useGetIdentity()
  const own = props.admin !== null && identity?.id === props.admin.id
  const save = async (values: Values) => {
    await dataProvider.changeAdminPassword(
      props.admin!.id,
      values.next!,
      own ? (values.current ?? '') : undefined
    )
    toast.success('Password changed successfully')
    props.onClose()
  }
  return (
    <FormDialog
      open={props.admin !== null}
      title={`Change Password${props.admin ? ` — ${props.admin.username}` : ''}`}
      submitLabel="Change Password"
      testId="password-form"
      check={checkPassword}
      onSave={save}
      onClose={props.onClose}
    >
      {own ? input('current', 'Current Password', 'password-current', 'password') : null}
      {input('next', 'New Password', 'password-new', 'password')}
      {input('repeat', 'Confirm New Password', 'password-repeat', 'password')}
    </FormDialog>
  )
}
