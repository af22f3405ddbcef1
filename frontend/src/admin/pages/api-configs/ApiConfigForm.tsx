import { useState } from 'react'
import {
  BooleanInput,
  CreateBase,
  Form,
  regex,
  required,
  SaveButton,
  SelectInput,
  TextInput,
} from 'react-admin'
import { Stack } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import { SectionCard } from '../../components/SectionCard'
import { useAdminTools } from '../../components/useAdminTools'
import { AuthSecretInputs, type ApiConfigValues } from './AuthSecretInputs'

const DEFAULTS: ApiConfigValues = { authType: 'none', header: 'X-API-Key', enabled: true }
const AUTH_TYPES = [
  { id: 'none', name: 'None' },
  { id: 'bearer', name: 'Bearer token' },
  { id: 'api_key', name: 'API key' },
]

/** An http(s) address (react-admin's regex validator; the server parses it fully). */
const HTTP_URL = /^\s*https?:\/\/[^\s/]\S*\s*$/i
const httpUrl = regex(HTTP_URL, 'Endpoint URL must be a valid URL')
/** Optional: an empty field passes (react-admin's validators skip empty values but `required`). */
const cancellationUrl = regex(HTTP_URL, 'Cancellation endpoint URL must be a valid URL')

/** The request body: the secret of the chosen auth type only (admin-backoffice.md, API Configs). */
const toPayload = (values: ApiConfigValues) => ({
  name: values.name!.trim(),
  endpointUrl: values.endpointUrl!.trim(),
  cancellationEndpointUrl: values.cancellationEndpointUrl?.trim() || null,
  authType: values.authType,
  authConfig:
    values.authType === 'bearer'
      ? { token: values.token }
      : values.authType === 'api_key'
        ? { key: values.key, header: values.header?.trim() || 'X-API-Key' }
        : null,
  enabled: values.enabled,
})

/** The Add API form (react-admin <CreateBase>/<Form>): name, endpoint, auth type with its masked token or key, enabled (default on). */
export function ApiConfigForm() {
  const { toast, refresh } = useAdminTools()
  const [round, setRound] = useState(0)
  const created = () => {
    toast.success('API configuration created successfully')
    setRound((value) => value + 1) // a fresh, empty form
    refresh()
  }
  return (
    <SectionCard title="Add API" sx={{ mb: 3 }}>
      <CreateBase redirect={false} transform={toPayload} mutationOptions={{ onSuccess: created }}>
        <Form key={round} defaultValues={DEFAULTS} noValidate disableInvalidFormNotification>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ md: 2 }}>
            <TextInput
              source="name"
              label="Name"
              validate={required('Name is required')}
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'api-name' } }}
            />
            <TextInput
              source="endpointUrl"
              label="Endpoint URL"
              validate={[required('Endpoint URL is required'), httpUrl]}
              placeholder="https://insurer.example.com/enrol"
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'api-url' } }}
            />
          </Stack>
          <TextInput
            source="cancellationEndpointUrl"
            label="Cancellation endpoint URL (optional)"
            validate={cancellationUrl}
            placeholder="https://insurer.example.com/cancel"
            helperText="Told of each cancelled, withdrawn or lapsed coverage. Without it the insurer is not told: the migration's outbox says so."
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'api-cancellation-url' } }}
          />
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={{ md: 2 }}
            sx={{ alignItems: { md: 'flex-start' } }}
          >
            <SelectInput
              source="authType"
              label="Auth type"
              choices={AUTH_TYPES}
              validate={required()}
              sx={{ minWidth: 200 }}
            />
            <AuthSecretInputs />
            <BooleanInput source="enabled" label="Enabled" sx={{ whiteSpace: 'nowrap', mt: 2 }} />
          </Stack>
          <SaveButton label="Add API" icon={<AddIcon />} alwaysEnable data-testid="api-add" />
        </Form>
      </CreateBase>
    </SectionCard>
  )
}
