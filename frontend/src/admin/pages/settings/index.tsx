import { useMemo, useState } from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { Box, Button, Paper, Stack, Typography } from '@mui/material'
import CachedIcon from '@mui/icons-material/Cached'
import { useBranding } from '../../../common/branding'
import { PageHeader } from '../../components/PageHeader'
import { SectionCard } from '../../components/SectionCard'
import { LoadError } from '../../components/list/ListStates'
import { LoadingBlock } from '../../components/LoadingBlock'
import { useWarnWhenDirty } from '../../components/useWarnWhenDirty'
import { toHttpError } from '../../dataProvider'
import { AuditLogLink } from '../../audit/AuditLogLink'
import { SettingField, type FormatOption, type Setting, type SettingGroups } from './SettingField'
import { useAdminTools } from '../../components/useAdminTools'

const CATEGORY_TITLES: Record<string, { title: string; subtitle: string }> = {
  formatting: { title: 'Formatting', subtitle: 'How dates and times are displayed in the shop and the back-office.' },
  email: { title: 'Email', subtitle: 'Recipients and sender of the emails the portal sends.' },
  payment: { title: 'Payment', subtitle: 'Currency and exchange-rate provider.' },
  application: { title: 'Application', subtitle: 'Time zone, public address and secure links.' },
  branding: { title: 'Branding', subtitle: 'Name, logo, colours and contact details shown to members and admins.' },
}

/** /admin/settings: settings grouped by category; changes are pending until Save or Discard. */
export default function SettingsPage() {
  const { toast, handleError, dataProvider } = useAdminTools()
  const { refresh: refreshBranding } = useBranding()
  const [pending, setPending] = useState<Record<string, string>>({})
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  // A failed load is reported (toast) and shown with Retry; a failed reload keeps the screen.
  const loadSettings = async () => {
    try {
      return (await dataProvider.settings()).settings as SettingGroups
    } catch (error) {
      await handleError(error)
      throw error
    }
  }
  const { data: groups, error: loadError, refetch: load } = useQuery({ queryKey: ['settings'], queryFn: loadSettings, retry: false })
  const { data: options = {} } = useQuery<Record<string, FormatOption[]>>({
    queryKey: ['settings', 'format-options'],
    queryFn: async () => {
      const [dates, times] = await Promise.all([dataProvider.formatOptions('date-formats'), dataProvider.formatOptions('time-formats')])
      return { DATE_FORMAT: dates.options, TIME_FORMAT: times.options }
    },
  })

  const pendingCount = Object.keys(pending).length
  useWarnWhenDirty(pendingCount > 0)
  const byKey = useMemo(() => new Map(Object.values(groups ?? {}).flat().map((s) => [s.setting_key, s])), [groups])

  const change = (setting: Setting, value: string) => {
    setFieldErrors(({ [setting.setting_key]: _fixed, ...others }) => others)
    setPending((current) => {
      const next = { ...current }
      if (value === (setting.setting_value ?? '')) delete next[setting.setting_key]
      else next[setting.setting_key] = value
      return next
    })
  }

  const updates = Object.entries(pending).map(([setting_key, setting_value]) => ({ setting_key, setting_value }))
  const { mutate: save, isPending: saving } = useMutation({
    mutationFn: () => dataProvider.bulkUpdateSettings(updates),
    onSuccess: async () => {
      const brandingChanged = Object.keys(pending).some((key) => byKey.get(key)?.category === 'branding' || key.startsWith('BRAND_'))
      setPending({})
      await load()
      toast.success('Settings saved successfully')
      if (brandingChanged) {
        await refreshBranding()
        toast.info('Branding updated - changes will be reflected immediately')
      }
    },
    onError: (error) => {
      // A refused value stays pending, its message on its field (and as the toast).
      setFieldErrors(toHttpError(error).body?.errors ?? {})
      handleError(error)
    },
  })

  /** Drops the server's settings cache (other processes follow within seconds) and reloads screen and branding. */
  const { mutate: clear, isPending: clearing } = useMutation({
    mutationFn: () => dataProvider.clearSettingsCache() as Promise<{ message: string }>,
    onSuccess: async ({ message }) => {
      await Promise.all([load(), refreshBranding()])
      toast.success(message)
    },
    onError: (error) => handleError(error),
  })

  const clearCache = () => clear()
  const saveChanges = () => (pendingCount === 0 ? toast.info('No changes to save') : save())

  const discard = () => {
    setPending({})
    setFieldErrors({})
    toast.info('Changes discarded')
  }

  if (!groups) {
    return (
      <>
        <PageHeader title="Settings" />
        {loadError ? (
          <LoadError what="the settings" error={loadError} onRetry={load} testId="settings-error" />
        ) : (
          <LoadingBlock label="Loading settings" />
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
            <SectionCard key={category} title={CATEGORY_TITLES[category]?.title ?? category} data-testid={`settings-category-${category}`}>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {CATEGORY_TITLES[category]?.subtitle}
              </Typography>
              {settings.map((setting) => (
                <SettingField
                  key={setting.setting_key}
                  setting={setting}
                  value={pending[setting.setting_key] ?? setting.setting_value ?? ''}
                  pending={setting.setting_key in pending}
                  error={fieldErrors[setting.setting_key]}
                  options={options[setting.setting_key]}
                  onChange={(value) => change(setting, value)}
                />
              ))}
            </SectionCard>
          ))}
      </Stack>
      <Paper elevation={6} sx={{ position: 'fixed', bottom: 16, right: { xs: 16, md: 24 }, left: { xs: 16, md: 264 }, px: { xs: 2, md: 3 }, py: 1.5, display: 'flex', alignItems: 'center', gap: 2, zIndex: 10, borderRadius: 3 }} data-testid="settings-save-bar">
        <Typography sx={{ flexGrow: 1 }} color={pendingCount ? 'warning.main' : 'text.secondary'}>
          {pendingCount === 0 ? 'No pending changes' : `${pendingCount} unsaved change${pendingCount === 1 ? '' : 's'}${pendingCount <= 3 ? `: ${Object.keys(pending).map((key) => byKey.get(key)?.display_name ?? key).join(', ')}` : ''}`}
        </Typography>
        <Button onClick={discard} disabled={pendingCount === 0 || saving} data-testid="settings-discard">
          Discard
        </Button>
        <Button variant="contained" onClick={saveChanges} disabled={saving} data-testid="settings-save">
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </Paper>
    </Box>
  )
}
