import { useEffect, useState } from 'react'
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid, MenuItem, TextField } from '@mui/material'
import { readDob } from '../../../shop/dateOfBirth'
import { GENDERS, ROLES, STATUSES, type MemberRecord } from './types'

export const REQUIRED_FIELDS = 'Please fill in all required fields'

type Form = Record<string, string>

const TEXT_FIELDS = ['member_id', 'insured_full_name', 'email', 'citizenship', 'residence_country', 'product_name', 'plan_name', 'person_id', 'principal_person_id', 'dhig_person_guid', 'dhig_person_id', 'dhig_member_id'] as const
const DATE_FIELDS = ['date_of_birth', 'policy_start_date', 'policy_end_date'] as const

const toTyped = (iso: string | null) => {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null
  return match ? `${match[3]}.${match[2]}.${match[1]}` : ''
}

function initialForm(member: MemberRecord | null): Form {
  const form: Form = { insured_role: member?.insured_role ?? 'Principal', status: member?.status ?? 'Active', gender: member?.gender ?? '' }
  for (const field of TEXT_FIELDS) form[field] = (member?.[field] as string | null) ?? ''
  for (const field of DATE_FIELDS) form[field] = toTyped(member?.[field] ?? null)
  return form
}

/** The request body: dates typed DD.MM.YYYY become YYYY-MM-DD, empty optional fields null. */
export function memberPayload(form: Form): { body?: Record<string, string | null>; error?: string } {
  const required = ['member_id', 'insured_full_name', 'date_of_birth', 'insured_role']
  if (required.some((field) => !form[field]?.trim())) return { error: REQUIRED_FIELDS }
  const body: Record<string, string | null> = {}
  for (const [field, value] of Object.entries(form)) body[field] = value.trim() === '' ? null : value.trim()
  for (const field of DATE_FIELDS) {
    if (!body[field]) continue
    const reading = readDob(body[field]!)
    if (reading.state !== 'valid') return { error: `Please enter a valid date as DD.MM.YYYY (${field.replace(/_/g, ' ')})` }
    body[field] = reading.iso
  }
  return { body }
}

/** Create or edit a member; the date is typed as DD.MM.YYYY, new members default to Active and Principal. */
export function MemberFormDialog(props: { open: boolean; member: MemberRecord | null; onClose: () => void; onSave: (body: Record<string, string | null>) => Promise<void> }) {
  const [form, setForm] = useState<Form>(() => initialForm(props.member))
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (props.open) {
      setForm(initialForm(props.member))
      setError(null)
    }
  }, [props.open, props.member])

  const set = (field: string) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [field]: event.target.value }))
  const text = (field: string, label: string, options: { required?: boolean; placeholder?: string; type?: string } = {}) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField
        label={label}
        value={form[field] ?? ''}
        onChange={set(field)}
        required={options.required}
        placeholder={options.placeholder}
        type={options.type}
        fullWidth
        size="small"
        slotProps={{ htmlInput: { 'data-testid': `member-${field}` } }}
      />
    </Grid>
  )
  const select = (field: string, label: string, values: readonly string[], required = false) => (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField select label={label} value={form[field] ?? ''} onChange={set(field)} required={required} fullWidth size="small">
        {!required ? <MenuItem value="">—</MenuItem> : null}
        {values.map((value) => (
          <MenuItem key={value} value={value}>
            {value}
          </MenuItem>
        ))}
      </TextField>
    </Grid>
  )

  const submit = async () => {
    const { body, error: invalid } = memberPayload(form)
    if (!body) return setError(invalid ?? REQUIRED_FIELDS)
    setError(null)
    setSaving(true)
    try {
      await props.onSave(body)
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'An error occurred')
    } finally {
      setSaving(false)
    }
  }

  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="md" fullWidth data-testid="member-form">
      <DialogTitle>{props.member ? 'Edit Member' : 'Add Member'}</DialogTitle>
      <DialogContent dividers>
        {error ? <Alert severity="error" sx={{ mb: 2 }} data-testid="member-form-error">{error}</Alert> : null}
        <Grid container spacing={2}>
          {text('member_id', 'Member ID', { required: true })}
          {text('insured_full_name', 'Full Name', { required: true })}
          {text('date_of_birth', 'Date of Birth', { required: true, placeholder: 'DD.MM.YYYY' })}
          {select('insured_role', 'Role', ROLES, true)}
          {text('email', 'Email', { type: 'email' })}
          {select('gender', 'Gender', GENDERS)}
          {select('status', 'Status', STATUSES, true)}
          {text('citizenship', 'Citizenship')}
          {text('residence_country', 'Residence Country')}
          {text('product_name', 'Product')}
          {text('plan_name', 'Plan')}
          {text('policy_start_date', 'Policy Start', { placeholder: 'DD.MM.YYYY' })}
          {text('policy_end_date', 'Policy End', { placeholder: 'DD.MM.YYYY' })}
          {text('person_id', 'Person ID')}
          {form.insured_role !== 'Principal' ? text('principal_person_id', 'Principal Person ID') : null}
          {text('dhig_person_guid', 'DHIG Person GUID')}
          {text('dhig_person_id', 'DHIG Person ID')}
          {text('dhig_member_id', 'DHIG Member ID')}
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={saving} data-testid="member-save">
          {saving ? 'Saving...' : props.member ? 'Update Member' : 'Create Member'}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
