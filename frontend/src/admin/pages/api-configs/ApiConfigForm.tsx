import { useState } from 'react'
import { BooleanInput, CreateBase, Form, FormDataConsumer, PasswordInput, required, SaveButton, SelectInput, TextInput, useRefresh } from 'react-admin'
import { Card, CardContent, Stack, Typography } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import { useToast } from '../../../common/toast'

type Values = { name?: string | null; endpointUrl?: string | null; authType: 'none' | 'bearer' | 'api_key'; token?: string | null; key?: string | null; header?: string | null; enabled: boolean }

const DEFAULTS: Values = { authType: 'none', header: 'X-API-Key', enabled: true }
const AUTH_TYPES = [
  { id: 'none', name: 'None' },
  { id: 'bearer', name: 'Bearer token' },
  { id: 'api_key', name: 'API key' },
]

const httpUrl = (value: string | null) => {
  if (!value?.trim()) return undefined
  try {
    return ['http:', 'https:'].includes(new URL(value.trim()).protocol) ? undefined : 'Endpoint URL must be a valid URL'
  } catch {
    return 'Endpoint URL must be a valid URL'
  }
}

/** The request body: the secret of the chosen auth type only (admin-backoffice.md, API Configs). */
const toPayload = (values: Values) => ({
  name: values.name!.trim(),
  endpointUrl: values.endpointUrl!.trim(),
  authType: values.authType,
  authConfig: values.authType === 'bearer' ? { token: values.token } : values.authType === 'api_key' ? { key: values.key, header: values.header?.trim() || 'X-API-Key' } : null,
  enabled: values.enabled,
})

/** The Add API form (react-admin <CreateBase>/<Form>): name, endpoint, auth type with its masked token or key, enabled (default on). */
export function ApiConfigForm() {
  const toast = useToast()
  const refresh = useRefresh()
  const [round, setRound] = useState(0)
  return (
    <Card sx={{ mb: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Add API
        </Typography>
        <CreateBase
          resource="api-configs"
          redirect={false}
          transform={toPayload}
          mutationOptions={{
            onSuccess: () => {
              toast.success('API configuration created successfully')
              setRound((value) => value + 1) // a fresh, empty form
              refresh()
            },
          }}
        >
          <Form key={round} defaultValues={DEFAULTS} noValidate disableInvalidFormNotification>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ md: 2 }}>
              <TextInput source="name" label="Name" validate={required('Name is required')} fullWidth slotProps={{ htmlInput: { 'data-testid': 'api-name' } }} />
              <TextInput source="endpointUrl" label="Endpoint URL" validate={[required('Endpoint URL is required'), httpUrl]} placeholder="https://insurer.example.com/enrol" fullWidth slotProps={{ htmlInput: { 'data-testid': 'api-url' } }} />
            </Stack>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ md: 2 }} sx={{ alignItems: { md: 'flex-start' } }}>
              <SelectInput source="authType" label="Auth type" choices={AUTH_TYPES} validate={required()} sx={{ minWidth: 200 }} />
              <FormDataConsumer<Values>>
                {({ formData }) =>
                  formData.authType === 'bearer' ? (
                    <PasswordInput source="token" label="Token" autoComplete="new-password" validate={required('A bearer token is required')} fullWidth />
                  ) : formData.authType === 'api_key' ? (
                    <>
                      <PasswordInput source="key" label="API key" autoComplete="new-password" validate={required('An API key is required')} fullWidth />
                      <TextInput source="header" label="Header" sx={{ minWidth: 200 }} />
                    </>
                  ) : null
                }
              </FormDataConsumer>
              <BooleanInput source="enabled" label="Enabled" sx={{ whiteSpace: 'nowrap', mt: 2 }} />
            </Stack>
            <SaveButton label="Add API" icon={<AddIcon />} alwaysEnable data-testid="api-add" />
          </Form>
        </CreateBase>
      </CardContent>
    </Card>
  )
}
