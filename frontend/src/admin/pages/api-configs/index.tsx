import { useState } from 'react'
import {
  BooleanInput,
  CreateBase,
  Form,
  FormDataConsumer,
  ListBase,
  PasswordInput,
  required,
  SaveButton,
  SelectInput,
  TextInput,
} from 'react-admin'
import { regex, useListContext } from 'react-admin'
import { Box, Card, Chip, FormControlLabel, Stack, Switch, Typography } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import type { ApiAnswer } from '../../../common/api_contract'
import { PageHeader } from '../../components/PageHeader'
import { SectionCard } from '../../components/SectionCard'
import { DeleteConfirm } from '../../components/DeleteConfirm'
import { EmptyCard } from '../../components/EmptyCard'
import { IconAction } from '../../components/IconAction'
import { ListError, ListFetching } from '../../components/list/ListStates'
import { useAdminTools } from '../../components/useAdminTools'
import { useAdminMutation } from '../../components/useAdminMutation'

type ApiConfig = ApiAnswer<'/api/admin/api-configs', 'get'>[number]
type Values = {
  name?: string | null
  endpointUrl?: string | null
  cancellationEndpointUrl?: string | null
  authType: 'none' | 'bearer' | 'api_key'
  token?: string | null
  key?: string | null
  header?: string | null
  enabled: boolean
}

const DEFAULTS: Values = { authType: 'none', header: 'X-API-Key', enabled: true }
const AUTH_TYPES = [
  { id: 'none', name: 'None' },
  { id: 'bearer', name: 'Bearer token' },
  { id: 'api_key', name: 'API key' },
]
const AUTH_LABELS: Record<string, string> = {
  none: 'No auth',
  bearer: 'Bearer token',
  api_key: 'API key',
}
const ENTRY = { display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', p: 2, pb: 3 }

/** An http(s) address (react-admin's regex validator; the server parses it fully). */
const HTTP_URL = /^\s*https?:\/\/[^\s/]\S*\s*$/i
const httpUrl = regex(HTTP_URL, 'Endpoint URL must be a valid URL')
/** Optional: an empty field passes (react-admin's validators skip empty values but `required`). */
const cancellationUrl = regex(HTTP_URL, 'Cancellation endpoint URL must be a valid URL')

/** The request body: the secret of the chosen auth type only (admin-backoffice.md, API Configs). */
const toPayload = (values: Values) => ({
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
function ApiConfigForm() {
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
            <FormDataConsumer<Values>>
              {({ formData }) =>
                formData.authType === 'bearer' ? (
                  <PasswordInput
                    source="token"
                    label="Token"
                    autoComplete="new-password"
                    validate={required('A bearer token is required')}
                    fullWidth
                  />
                ) : formData.authType === 'api_key' ? (
                  <>
                    <PasswordInput
                      source="key"
                      label="API key"
                      autoComplete="new-password"
                      validate={required('An API key is required')}
                      fullWidth
                    />
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
    </SectionCard>
  )
}

/** The entries as cards (the spec's layout), each with its Enable/Disable toggle and delete. */
function ApiConfigCards({
  onToggle,
  onDelete,
}: {
  onToggle: (config: ApiConfig) => void
  onDelete: (config: ApiConfig) => void
}) {
  const { data, error, isPending } = useListContext<ApiConfig>()
  if (error) return <ListError what="API configurations" />
  if (isPending) return <ListFetching />
  if (!data?.length)
    return (
      <EmptyCard testId="api-configs-empty" text="No API configurations. Add one to get started." />
    )
  return (
    <Stack spacing={2} data-testid="api-configs-list">
      <ListFetching />
      {data.map((config) => (
        <Card key={config.id} data-testid={`api-config-${config.id}`} sx={ENTRY}>
          <Box sx={{ flexGrow: 1, minWidth: 240 }}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 600 }}>{config.name}</Typography>
              <Chip
                size="small"
                label={config.enabled ? 'Enabled' : 'Disabled'}
                color={config.enabled ? 'success' : 'default'}
                data-testid="api-status"
              />
            </Stack>
            <Typography
              variant="body2"
              sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
              color="text.secondary"
            >
              {config.endpoint_url}
            </Typography>
            <Typography
              variant="body2"
              sx={{ wordBreak: 'break-all' }}
              color="text.secondary"
              data-testid="api-cancellation"
            >
              {config.cancellation_endpoint_url
                ? `Cancellations: ${config.cancellation_endpoint_url}`
                : 'No cancellation endpoint: the insurer is not told of cancellations'}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {AUTH_LABELS[config.auth_type ?? 'none']}
              {config.auth_type === 'bearer'
                ? ` · token ${(config.auth_config && 'token' in config.auth_config && config.auth_config.token) || 'not set'}`
                : ''}
              {config.auth_type === 'api_key' && config.auth_config && 'key' in config.auth_config
                ? ` · ${config.auth_config.header}: ${config.auth_config.key || 'not set'}`
                : ''}
            </Typography>
          </Box>
          <FormControlLabel
            control={
              <Switch
                checked={config.enabled}
                onChange={() => onToggle(config)}
                slotProps={{ input: { 'data-testid': 'api-toggle' } as object }}
              />
            }
            label={config.enabled ? 'Disable' : 'Enable'}
          />
          <IconAction
            title="Delete"
            aria-label={`Delete ${config.name}`}
            color="error"
            icon={DeleteIcon}
            onClick={() => onDelete(config)}
          />
        </Card>
      ))}
    </Stack>
  )
}

/** /admin/api-configs: enrolment endpoints called for every migrated member. */
function ApiConfigList() {
  const { dataProvider } = useAdminTools()
  const [deleting, setDeleting] = useState<ApiConfig | null>(null)

  // The toggle sends the same fields back; masked secrets are kept by the server.
  const sendToggle = (config: ApiConfig) => {
    const data = {
      name: config.name,
      endpointUrl: config.endpoint_url,
      authType: config.auth_type,
      authConfig: config.auth_config,
    }
    return dataProvider.update('api-configs', {
      id: config.id,
      data: { ...data, enabled: !config.enabled },
      previousData: config,
    })
  }
  const { mutate: toggle } = useAdminMutation(sendToggle, (_answer, config) =>
    config.enabled ? 'API disabled' : 'API enabled'
  )

  return (
    <>
      <PageHeader
        title="API Configs"
        subtitle="Enrolment APIs (DHIG) called once per migrated member after payment. Tokens and keys are never shown again."
      />
      <ApiConfigForm />
      <ListBase perPage={100} sort={{ field: 'id', order: 'ASC' }}>
        <ApiConfigCards onToggle={toggle} onDelete={setDeleting} />
      </ListBase>
      <DeleteConfirm
        record={deleting}
        title="Delete API configuration"
        content={`Delete "${deleting?.name ?? ''}"? Members migrated afterwards will not be enrolled through it.`}
        success="API configuration deleted successfully"
        onClose={() => setDeleting(null)}
      />
    </>
  )
}

/** The API configurations resource (/admin/api-configs). */
export default { list: ApiConfigList }
