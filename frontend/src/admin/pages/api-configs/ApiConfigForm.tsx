import { useState, type FormEvent } from 'react'
import { Alert, Box, Button, Card, CardContent, FormControlLabel, MenuItem, Stack, Switch, TextField, Typography } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'

export interface ApiConfigPayload {
  name: string
  endpointUrl: string
  authType: 'none' | 'bearer' | 'api_key'
  authConfig: { token?: string; key?: string; header?: string } | null
  enabled: boolean
}

const EMPTY = { name: '', endpointUrl: '', authType: 'none' as ApiConfigPayload['authType'], token: '', key: '', header: 'X-API-Key', enabled: true }

function isUrl(value: string) {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** The Add API form: name, endpoint, auth type with its masked token or key, enabled (default on). */
export function ApiConfigForm({ saving, onSubmit }: { saving: boolean; onSubmit: (payload: ApiConfigPayload) => Promise<boolean> }) {
  const [form, setForm] = useState(EMPTY)
  const [error, setError] = useState<string | null>(null)
  const set = (changes: Partial<typeof EMPTY>) => setForm((current) => ({ ...current, ...changes }))

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!form.name.trim()) return setError('Name is required')
    if (!form.endpointUrl.trim()) return setError('Endpoint URL is required')
    if (!isUrl(form.endpointUrl.trim())) return setError('Endpoint URL must be a valid URL')
    if (form.authType === 'bearer' && !form.token) return setError('A bearer token is required')
    if (form.authType === 'api_key' && !form.key) return setError('An API key is required')
    setError(null)
    const authConfig = form.authType === 'bearer' ? { token: form.token } : form.authType === 'api_key' ? { key: form.key, header: form.header.trim() || 'X-API-Key' } : null
    if (await onSubmit({ name: form.name.trim(), endpointUrl: form.endpointUrl.trim(), authType: form.authType, authConfig, enabled: form.enabled })) setForm(EMPTY)
  }

  return (
    <Card sx={{ mb: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Add API
        </Typography>
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <TextField label="Name" required value={form.name} onChange={(e) => set({ name: e.target.value })} fullWidth slotProps={{ htmlInput: { 'data-testid': 'api-name' } }} />
              <TextField label="Endpoint URL" required value={form.endpointUrl} onChange={(e) => set({ endpointUrl: e.target.value })} placeholder="https://insurer.example.com/enrol" fullWidth slotProps={{ htmlInput: { 'data-testid': 'api-url' } }} />
            </Stack>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <TextField select label="Auth type" value={form.authType} onChange={(e) => set({ authType: e.target.value as ApiConfigPayload['authType'] })} sx={{ minWidth: 200 }}>
                <MenuItem value="none">None</MenuItem>
                <MenuItem value="bearer">Bearer token</MenuItem>
                <MenuItem value="api_key">API key</MenuItem>
              </TextField>
              {form.authType === 'bearer' ? <TextField label="Token" type="password" autoComplete="new-password" value={form.token} onChange={(e) => set({ token: e.target.value })} fullWidth /> : null}
              {form.authType === 'api_key' ? (
                <>
                  <TextField label="API key" type="password" autoComplete="new-password" value={form.key} onChange={(e) => set({ key: e.target.value })} fullWidth />
                  <TextField label="Header" value={form.header} onChange={(e) => set({ header: e.target.value })} sx={{ minWidth: 200 }} />
                </>
              ) : null}
              <FormControlLabel control={<Switch checked={form.enabled} onChange={(e) => set({ enabled: e.target.checked })} />} label="Enabled" sx={{ whiteSpace: 'nowrap' }} />
            </Stack>
            {error ? <Alert severity="error">{error}</Alert> : null}
            <Box>
              <Button type="submit" variant="contained" startIcon={<AddIcon />} disabled={saving} data-testid="api-add">
                {saving ? 'Saving...' : 'Add API'}
              </Button>
            </Box>
          </Stack>
        </Box>
      </CardContent>
    </Card>
  )
}
