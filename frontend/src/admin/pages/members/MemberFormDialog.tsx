import { useMemo, type ReactNode } from 'react'
import { FormDataConsumer, required, SelectInput, TextInput } from 'react-admin'
import { Grid } from '@mui/material'
import { readDob } from '../../../shop/dateOfBirth'
import { formatDate } from '../../../common/format'
import { FormDialog, type FormProblem } from '../../components/FormDialog'
import { ROLES, type MemberRecord } from './types'

type Values = Record<string, string | null | undefined>

const TEXT_FIELDS = [
  'member_id',
  'insured_full_name',
  'email',
  'citizenship',
  'residence_country',
  'product_name',
  'plan_name',
  'person_id',
  'principal_person_id',
  'dhig_person_guid',
  'dhig_person_id',
  'dhig_member_id',
] as const
const SELECT_FIELDS = ['insured_role', 'status', 'gender'] as const
const DATE_FIELDS = ['date_of_birth', 'policy_start_date', 'policy_end_date'] as const
const REQUIRED = ['member_id', 'insured_full_name', 'date_of_birth', 'insured_role']

const toTyped = (iso: string | null | undefined) => formatDate(iso, 'DD.MM.YYYY')

/** The form's starting values: dates as typed (DD.MM.YYYY); new members are Active Principals. */
const formRecord = (member: MemberRecord | null) =>
  member
    ? {
        ...member,
        ...Object.fromEntries(DATE_FIELDS.map((field) => [field, toTyped(member[field])])),
      }
    : { insured_role: 'Principal', status: 'Active' }

const trimmed = (value: string | null | undefined) => value?.trim() || null
/** A checked DD.MM.YYYY date as YYYY-MM-DD; none is null. */
const isoDate = (typed: string | null) => (typed ? (readDob(typed) as { iso: string }).iso : null)

/** The spec's check: the four required fields, then each date as DD.MM.YYYY. */
function checkMember(values: Values): FormProblem | null {
  const missing = REQUIRED.filter((field) => !trimmed(values[field]))
  if (missing.length)
    return {
      message: 'Please fill in all required fields',
      fields: Object.fromEntries(missing.map((field) => [field, 'Required'])),
    }
  for (const field of DATE_FIELDS) {
    const value = trimmed(values[field])
    if (value && readDob(value).state !== 'valid')
      return {
        message: `Please enter a valid date as DD.MM.YYYY (${field.replace(/_/g, ' ')})`,
        fields: { [field]: 'DD.MM.YYYY' },
      }
  }
  return null
}

/** The request body: trimmed texts, empty ones null, dates YYYY-MM-DD. */
function memberPayload(values: Values): Record<string, string | null> {
  const body: Record<string, string | null> = {}
  for (const field of [...TEXT_FIELDS, ...SELECT_FIELDS]) body[field] = trimmed(values[field])
  for (const field of DATE_FIELDS) body[field] = isoDate(trimmed(values[field]))
  return body
}

const cell = (input: ReactNode) => <Grid size={{ xs: 12, sm: 6 }}>{input}</Grid>
const text = (
  source: string,
  label: string,
  options: { placeholder?: string; type?: string } = {}
) =>
  cell(
    <TextInput
      source={source}
      label={label}
      type={options.type}
      placeholder={options.placeholder}
      fullWidth
      helperText={false}
      isRequired={REQUIRED.includes(source)}
      slotProps={{ htmlInput: { 'data-testid': `member-${source}` } }}
    />
  )
const select = (source: string, label: string, values: readonly string[], mandatory = false) =>
  cell(
    <SelectInput
      source={source}
      label={label}
      choices={values.map((value) => ({ id: value, name: value }))}
      validate={mandatory ? required() : undefined}
      emptyText="—"
      fullWidth
      helperText={false}
    />
  )

/** Create or edit a member (react-admin <Form>); the date is typed as DD.MM.YYYY. */
export function MemberFormDialog(props: {
  open: boolean
  member: MemberRecord | null
  onClose: () => void
  onSave: (body: Record<string, string | null>) => Promise<void>
}) {
  const record = useMemo(() => formRecord(props.member), [props.member])
  return (
    <FormDialog
      open={props.open}
      title={props.member ? 'Edit Member' : 'Add Member'}
      submitLabel={props.member ? 'Update Member' : 'Create Member'}
      testId="member-form"
      submitTestId="member-save"
      maxWidth="md"
      record={record}
      check={checkMember}
      onSave={(values: Values) => props.onSave(memberPayload(values))}
      onClose={props.onClose}
    >
      <Grid container spacing={2}>
        {text('member_id', 'Member ID')}
        {text('insured_full_name', 'Full Name')}
        {text('date_of_birth', 'Date of Birth', { placeholder: 'DD.MM.YYYY' })}
        {select('insured_role', 'Role', ROLES, true)}
        {text('email', 'Email', { type: 'email' })}
        {select('gender', 'Gender', ['Male', 'Female', 'Other'])}
        {select('status', 'Status', ['Active', 'Inactive', 'Pending'], true)}
        {text('citizenship', 'Citizenship')}
        {text('residence_country', 'Residence Country')}
        {text('product_name', 'Product')}
        {text('plan_name', 'Plan')}
        {text('policy_start_date', 'Policy Start', { placeholder: 'DD.MM.YYYY' })}
        {text('policy_end_date', 'Policy End', { placeholder: 'DD.MM.YYYY' })}
        {text('person_id', 'Person ID')}
        <FormDataConsumer>
          {({ formData }) =>
            formData.insured_role !== 'Principal'
              ? text('principal_person_id', 'Principal Person ID')
              : null
          }
        </FormDataConsumer>
        {text('dhig_person_guid', 'DHIG Person GUID')}
        {text('dhig_person_id', 'DHIG Person ID')}
        {text('dhig_member_id', 'DHIG Member ID')}
      </Grid>
    </FormDialog>
  )
}
