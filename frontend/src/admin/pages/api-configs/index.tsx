import { useCallback, useEffect, useState } from 'react'
import { Box, Card, CardContent, Chip, CircularProgress, FormControlLabel, IconButton, Stack, Switch, Tooltip, Typography } from '@mui/material'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import { api } from '../../../common/api'
import { useToast } from '../../../common/toast'
import { PageHeader } from '../../components/PageHeader'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { useAdminErrorHandler } from '../../components/adminErrors'
import { ApiConfigForm, type ApiConfigPayload } from './ApiConfigForm'

interface ApiConfig {
  id: number
  name: string
  endpoint_url: string
  auth_type: 'none' | 'bearer' | 'api_key'
  auth_config: { token?: string; key?: string; header?: string } | null
  enabled: boolean
}

const AUTH_LABELS = { none: 'No auth', bearer: 'Bearer token', api_key: 'API key' }

/** /admin/api-configs: enrolment endpoints called for every migrated member. */
export default function ApiConfigsPage() {
  const toast = useToast()
  const handleError = useAdminErrorHandler()
  const [configs, setConfigs] = useState<ApiConfig[] | null>(null)
  const [saving, setSaving] = useState(false)
  const [deleting, setDeleting] = useState<ApiConfig | null>(null)

  const load = useCallback(async () => {
    try {
      setConfigs(await api.get<ApiConfig[]>('/admin/api-configs'))
    } catch (error) {
      handleError(error)
      setConfigs([])
    }
  }, [handleError])

  useEffect(() => {
    void load()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const create = async (payload: ApiConfigPayload) => {
    setSaving(true)
    try {
      await api.post('/admin/api-configs', payload)
      toast.success('API configuration created successfully')
      await load()
      return true
    } catch (error) {
      handleError(error)
      return false
    } finally {
      setSaving(false)
    }
  }

  // The toggle sends the same fields back; masked secrets are kept by the server.
  const toggle = async (config: ApiConfig) => {
    try {
      await api.put(`/admin/api-configs/${config.id}`, { name: config.name, endpointUrl: config.endpoint_url, authType: config.auth_type, authConfig: config.auth_config, enabled: !config.enabled })
      toast.success(config.enabled ? 'API disabled' : 'API enabled')
      await load()
    } catch (error) {
      handleError(error)
    }
  }

  const remove = async () => {
    if (!deleting) return
    try {
      await api.delete(`/admin/api-configs/${deleting.id}`)
      toast.success('API configuration deleted successfully')
      await load()
    } catch (error) {
      handleError(error)
    } finally {
      setDeleting(null)
    }
  }

  return (
    <>
      <PageHeader title="API Configs" subtitle="Enrolment APIs (DHIG) called once per migrated member after payment. Tokens and keys are never shown again." />
      <ApiConfigForm saving={saving} onSubmit={create} />
      {configs === null ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress />
        </Box>
      ) : configs.length === 0 ? (
        <Card>
          <CardContent sx={{ textAlign: 'center', py: 6 }}>
            <Typography color="text.secondary">No API configurations. Add one to get started.</Typography>
          </CardContent>
        </Card>
      ) : (
        <Stack spacing={2}>
          {configs.map((config) => (
            <Card key={config.id} data-testid={`api-config-${config.id}`} sx={{ opacity: config.enabled ? 1 : 0.75 }}>
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
                <FormControlLabel control={<Switch checked={config.enabled} onChange={() => toggle(config)} slotProps={{ input: { 'data-testid': 'api-toggle' } as object }} />} label={config.enabled ? 'Disable' : 'Enable'} />
                <Tooltip title="Delete">
                  <IconButton color="error" aria-label={`Delete ${config.name}`} onClick={() => setDeleting(config)}>
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
      <ConfirmDialog open={deleting !== null} title="Delete API configuration" message={`Delete "${deleting?.name ?? ''}"? Members migrated afterwards will not be enrolled through it.`} confirmLabel="Delete" onConfirm={remove} onClose={() => setDeleting(null)} />
    </>
  )
}
