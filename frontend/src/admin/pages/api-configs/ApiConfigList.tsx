import { useState } from 'react'
import { ListBase, useListContext, useRefresh } from 'react-admin'
import { Box, Card, CardContent, Chip, FormControlLabel, IconButton, Stack, Switch, Tooltip, Typography } from '@mui/material'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import { useToast } from '../../../common/toast'
import { PageHeader } from '../../components/PageHeader'
import { DeleteConfirm } from '../../components/DeleteConfirm'
import { useAdminErrorHandler } from '../../components/adminErrors'
import { ListError, ListFetching } from '../../components/list/ListStates'
import { useAdminData } from '../../dataProvider'
import { ApiConfigForm } from './ApiConfigForm'

export interface ApiConfig {
  id: number
  name: string
  endpoint_url: string
  auth_type: 'none' | 'bearer' | 'api_key'
  auth_config: { token?: string; key?: string; header?: string } | null
  enabled: boolean
}

const AUTH_LABELS = { none: 'No auth', bearer: 'Bearer token', api_key: 'API key' }

/** The entries as cards (the spec's layout), each with its Enable/Disable toggle and delete. */
function ApiConfigCards({ onToggle, onDelete }: { onToggle: (config: ApiConfig) => void; onDelete: (config: ApiConfig) => void }) {
  const { data, error, isPending } = useListContext<ApiConfig>()
  if (error) return <ListError what="API configurations" />
  if (isPending) return <ListFetching />
  if (!data?.length)
    return (
      <Card data-testid="api-configs-empty">
        <CardContent sx={{ textAlign: 'center', py: 6 }}>
          <Typography color="text.secondary">No API configurations. Add one to get started.</Typography>
        </CardContent>
      </Card>
    )
  return (
    <Stack spacing={2} data-testid="api-configs-list">
      <ListFetching />
      {data.map((config) => (
        <Card key={config.id} data-testid={`api-config-${config.id}`}>
          <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Box sx={{ flexGrow: 1, minWidth: 240 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography sx={{ fontWeight: 600 }}>{config.name}</Typography>
                <Chip size="small" label={config.enabled ? 'Enabled' : 'Disabled'} color={config.enabled ? 'success' : 'default'} data-testid="api-status" />
              </Stack>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} color="text.secondary">
                {config.endpoint_url}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {AUTH_LABELS[config.auth_type]}
                {config.auth_type === 'bearer' ? ` · token ${config.auth_config?.token || 'not set'}` : ''}
                {config.auth_type === 'api_key' ? ` · ${config.auth_config?.header}: ${config.auth_config?.key || 'not set'}` : ''}
              </Typography>
            </Box>
            <FormControlLabel control={<Switch checked={config.enabled} onChange={() => onToggle(config)} slotProps={{ input: { 'data-testid': 'api-toggle' } as object }} />} label={config.enabled ? 'Disable' : 'Enable'} />
            <Tooltip title="Delete">
              <IconButton color="error" aria-label={`Delete ${config.name}`} onClick={() => onDelete(config)}>
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          </CardContent>
        </Card>
      ))}
    </Stack>
  )
}

/** /admin/api-configs: enrolment endpoints called for every migrated member. */
export function ApiConfigList() {
  const toast = useToast()
  const refresh = useRefresh()
  const handleError = useAdminErrorHandler()
  const dataProvider = useAdminData()
  const [deleting, setDeleting] = useState<ApiConfig | null>(null)

  // The toggle sends the same fields back; masked secrets are kept by the server.
  const toggle = async (config: ApiConfig) => {
    try {
      await dataProvider.update('api-configs', { id: config.id, data: { name: config.name, endpointUrl: config.endpoint_url, authType: config.auth_type, authConfig: config.auth_config, enabled: !config.enabled }, previousData: config })
      toast.success(config.enabled ? 'API disabled' : 'API enabled')
      refresh()
    } catch (error) {
      handleError(error)
    }
  }

  return (
    <>
      <PageHeader title="API Configs" subtitle="Enrolment APIs (DHIG) called once per migrated member after payment. Tokens and keys are never shown again." />
      <ApiConfigForm />
      <ListBase resource="api-configs" perPage={100} sort={{ field: 'id', order: 'ASC' }}>
        <ApiConfigCards onToggle={toggle} onDelete={setDeleting} />
      </ListBase>
      <DeleteConfirm resource="api-configs" record={deleting} title="Delete API configuration" content={`Delete "${deleting?.name ?? ''}"? Members migrated afterwards will not be enrolled through it.`} success="API configuration deleted successfully" onClose={() => setDeleting(null)} />
    </>
  )
}
