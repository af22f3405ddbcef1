import { useCallback, useEffect, useMemo, useState } from 'react'
import { Alert, Box, Button, Card, CardContent, CircularProgress, Paper, Stack, Typography } from '@mui/material'
import CachedIcon from '@mui/icons-material/Cached'
import { useBranding } from '../../../common/branding'
import { useToast } from '../../../common/toast'
import { PageHeader } from '../../components/PageHeader'
import { useAdminErrorHandler } from '../../components/adminErrors'
import { useWarnWhenDirty } from '../../components/useWarnWhenDirty'
import { useAdminData } from '../../dataProvider'
import { toHttpError } from '../../dataProvider'
import { AuditLogLink } from '../../audit/AuditLogLink'
import { SettingField, type FormatOption, type Setting } from './SettingField'

const CATEGORY_TITLES: Record<string, { title: string; subtitle: string }> = {
  formatting: { title: 'Formatting', subtitle: 'How dates and times are displayed in the shop and the back-office.' },
  email: { title: 'Email', subtitle: 'Recipients and sender of the emails the portal sends.' },
  payment: { title: 'Payment', subtitle: 'Currency and exchange-rate provider.' },
  application: { title: 'Application', subtitle: 'Time zone, public address and secure links.' },
  branding: { title: 'Branding', subtitle: 'Name, logo, colours and contact details shown to members and admins.' },
}

/** /admin/settings: settings grouped by category; changes are pending until Save or Discard. */
export default function SettingsPage() {
  const toast = useToast()
  const handleError = useAdminErrorHandler()
  const { refresh: refreshBranding } = useBranding()
  const [groups, setGroups] = useState<Record<string, Setting[]> | null>(null)
  const [pending, setPending] = useState<Record<string, string>>({})
  const [options, setOptions] = useState<Record<string, FormatOption[]>>({})
  const [saving, setSaving] = useState(false)
  const [clearing, setClearing] = useState(false)
  const [loadFailed, setLoadFailed] = useState(false)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const dataProvider = useAdminData()

  const load = useCallback(async () => {
    try {
      const data = await dataProvider.settings()
      setGroups(data.settings)
      setLoadFailed(false)
    } catch (error) {
      setLoadFailed(true)
      handleError(error)
    }
  }, [handleError])

  useEffect(() => {
    void load()
    Promise.all([dataProvider.formatOptions('date-formats'), dataProvider.formatOptions('time-formats')])
      .then(([dates, times]) => setOptions({ DATE_FORMAT: dates.options, TIME_FORMAT: times.options }))
      .catch(() => undefined)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const pendingCount = Object.keys(pending).length
  useWarnWhenDirty(pendingCount > 0)
  const byKey = useMemo(() => new Map(Object.values(groups ?? {}).flat().map((s) => [s.setting_key, s])), [groups])

  const change = (setting: Setting, value: string) => {
    setFieldErrors(({ [setting.setting_key]: _fixed, ...others }) => others)
    setPending((current) => {
      const next = { ...current }
      if (value === setting.setting_value) delete next[setting.setting_key]
      else next[setting.setting_key] = value
      return next
    })
  }

  const save = async () => {
    if (pendingCount === 0) {
      toast.info('No changes to save')
      return
    }
    setSaving(true)
    try {
      await dataProvider.bulkUpdateSettings(Object.entries(pending).map(([setting_key, setting_value]) => ({ setting_key, setting_value })))
      const brandingChanged = Object.keys(pending).some((key) => byKey.get(key)?.category === 'branding' || key.startsWith('BRAND_'))
      setPending({})
      await load()
      toast.success('Settings saved successfully')
      if (brandingChanged) {
        await refreshBranding()
        toast.info('Branding updated - changes will be reflected immediately')
      }
    } catch (error) {
      // A refused value stays pending, its message on its field (and as the toast).
      setFieldErrors(toHttpError(error).body?.errors ?? {})
      handleError(error)
    } finally {
      setSaving(false)
    }
  }

  /** Drops the server's settings cache (other processes follow within seconds) and reloads screen and branding. */
  const clearCache = async () => {
    setClearing(true)
    try {
      const { message } = await dataProvider.clearSettingsCache()
      await Promise.all([load(), refreshBranding()])
      toast.success(message)
    } catch (error) {
      handleError(error)
    } finally {
      setClearing(false)
    }
  }

  const discard = () => {
    setPending({})
    setFieldErrors({})
    toast.info('Changes discarded')
  }

  if (groups === null) {
    return (
      <>
        <PageHeader title="Settings" />
        {loadFailed ? (
          <Alert severity="error" data-testid="settings-error" action={<Button color="inherit" size="small" onClick={() => load()}>Retry</Button>}>
            Could not load the settings.
          </Alert>
        ) : (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
            <CircularProgress aria-label="Loading settings" />
          </Box>
        )}
      </>
    )
  }

  return (
    <Box sx={{ pb: 10 }}>
      <PageHeader
        title="Settings"
        subtitle="System settings grouped by category. Changes take effect when saved."
        actions={
          <Button variant="outlined" startIcon={<CachedIcon />} onClick={clearCache} disabled={clearing} data-testid="settings-clear-cache">
            {clearing ? 'Clearing...' : 'Clear Cache'}
          </Button>
        }
      />
      <AuditLogLink />
      <Stack spacing={3}>
        {Object.entries(groups)
          .filter(([, settings]) => settings.length > 0)
          .map(([category, settings]) => (
            <Card key={category} data-testid={`settings-category-${category}`}>
              <CardContent>
                <Typography variant="h6" component="h2">
                  {CATEGORY_TITLES[category]?.title ?? category}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {CATEGORY_TITLES[category]?.subtitle}
                </Typography>
                {settings.map((setting) => (
                  <SettingField
                    key={setting.setting_key}
                    setting={setting}
                    value={pending[setting.setting_key] ?? setting.setting_value}
                    pending={setting.setting_key in pending}
                    error={fieldErrors[setting.setting_key]}
                    options={options[setting.setting_key]}
                    onChange={(value) => change(setting, value)}
                  />
                ))}
              </CardContent>
            </Card>
          ))}
      </Stack>
      <Paper elevation={6} sx={{ position: 'fixed', bottom: 16, right: { xs: 16, md: 24 }, left: { xs: 16, md: 264 }, px: { xs: 2, md: 3 }, py: 1.5, display: 'flex', alignItems: 'center', gap: 2, zIndex: 10, borderRadius: 3 }} data-testid="settings-save-bar">
        <Typography sx={{ flexGrow: 1 }} color={pendingCount ? 'warning.main' : 'text.secondary'}>
          {pendingCount === 0 ? 'No pending changes' : `${pendingCount} unsaved change${pendingCount === 1 ? '' : 's'}${pendingCount <= 3 ? `: ${Object.keys(pending).map((key) => byKey.get(key)?.display_name ?? key).join(', ')}` : ''}`}
        </Typography>
        <Button onClick={discard} disabled={pendingCount === 0 || saving} data-testid="settings-discard">
          Discard
        </Button>
        <Button variant="contained" onClick={save} disabled={saving} data-testid="settings-save">
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </Paper>
    </Box>
  )
}
