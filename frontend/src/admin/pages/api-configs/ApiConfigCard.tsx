import { Box, Card, Chip, FormControlLabel, Stack, Switch, Typography } from '@mui/material'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import { IconAction } from '../../components/IconAction'
import type { ApiConfig } from './types'

const AUTH_LABELS: Record<string, string> = {
  none: 'No auth',
  bearer: 'Bearer token',
  api_key: 'API key',
}
const ENTRY = { display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', p: 2, pb: 3 }

/** How the API authenticates, with its masked token or key. */
function authText(config: ApiConfig) {
  const { auth_type: type, auth_config: secret } = config
  return [
    AUTH_LABELS[type ?? 'none'],
    type === 'bearer'
      ? ` · token ${(secret && 'token' in secret && secret.token) || 'not set'}`
      : '',
    type === 'api_key' && secret && 'key' in secret
      ? ` · ${secret.header}: ${secret.key || 'not set'}`
      : '',
  ].join('')
}

/** One entry (the spec's layout): name and status, endpoints, auth; its Enable/Disable toggle and delete. */
export function ApiConfigCard({
  config,
  onToggle,
  onDelete,
}: {
  config: ApiConfig
  onToggle: () => void
  onDelete: () => void
}) {
  return (
    <Card data-testid={`api-config-${config.id}`} sx={ENTRY}>
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
          {authText(config)}
        </Typography>
      </Box>
      <FormControlLabel
        control={
          <Switch
            checked={config.enabled}
            onChange={onToggle}
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
        onClick={onDelete}
      />
    </Card>
  )
}
