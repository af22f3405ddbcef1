import { useMemo } from 'react'
import { Form } from 'react-admin'
import { useFormContext, useFormState } from 'react-hook-form'
import { useQuery } from '@tanstack/react-query'
import { Box, Button, Paper, Stack, Typography } from '@mui/material'
import CachedIcon from '@mui/icons-material/Cached'
import { useBranding } from '../../../common/branding'
import { PageHeader } from '../../components/PageHeader'
import { SectionCard } from '../../components/SectionCard'
import { LoadError } from '../../components/list/ListStates'
import { LoadingBlock } from '../../components/LoadingBlock'
import { useWarnWhenDirty } from '../../components/useWarnWhenDirty'
import { useAdminMutation } from '../../components/useAdminMutation'
import { toHttpError } from '../../dataProvider'
import { AuditLogLink } from '../../audit/AuditLogLink'
import { SettingField, type FormatOption } from './SettingField'
import { useAdminTools } from '../../components/useAdminTools'

const CATEGORY_TITLES: Record<string, { title: string; subtitle: string }> = {
  formatting: {
    title: 'Formatting',
    subtitle: 'How dates and times are displayed in the shop and the back-office.',
  },
  email: { title: 'Email', subtitle: 'Recipients and sender of the emails the portal sends.' },
  payment: { title: 'Payment', subtitle: 'Currency and exchange-rate provider.' },
  application: { title: 'Application', subtitle: 'Time zone, public address and secure links.' },
  branding: {
    title: 'Branding',
    subtitle: 'Name, logo, colours and contact details shown to members and admins.',
  },
}

/** The fixed bar: what is pending, Discard and Save. Leaving with pending changes asks first. */
function SaveBar({ names }: { names: Map<string, string> }) {
  const { toast } = useAdminTools()
  const { reset } = useFormContext()
  const { dirtyFields, isSubmitting } = useFormState()
  const pending = Object.keys(dirtyFields)
  const count = pending.length
  useWarnWhenDirty(count > 0)
  const discard = () => {
    reset()
    toast.info('Changes discarded')
  }
  return (
    <Paper
      elevation={6}
      sx={{
        position: 'fixed',
        bottom: 16,
        right: { xs: 16, md: 24 },
        left: { xs: 16, md: 264 },
        px: { xs: 2, md: 3 },
        py: 1.5,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        zIndex: 10,
        borderRadius: 3,
      }}
      data-testid="settings-save-bar"
    >
      <Typography sx={{ flexGrow: 1 }} color={count ? 'warning.main' : 'text.secondary'}>
        {count === 0
          ? 'No pending changes'
          : `${count} unsaved change${count === 1 ? '' : 's'}${count <= 3 ? `: ${pending.map((key) => names.get(key) ?? key).join(', ')}` : ''}`}
      </Typography>
      <Button
        onClick={discard}
        disabled={count === 0 || isSubmitting}
        data-testid="settings-discard"
      >
        Discard
      </Button>
      <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="settings-save">
        {isSubmitting ? 'Saving...' : 'Save'}
      </Button>
    </Paper>
  )
}

/** /admin/settings: settings grouped by category in one react-admin form; changes are pending until Save or Discard. */
export default function SettingsPage() {
  const { toast, handleError, dataProvider } = useAdminTools()
  const { refresh: refreshBranding } = useBranding()
  // A failed load is reported (toast) and shown with Retry; a failed reload keeps the screen.
  const loadSettings = async () => {
    try {
      return (await dataProvider.settings()).settings
    } catch (error) {
      await handleError(error)
      throw error
    }
  }
  // Not reloaded on window focus: a changed record would reset the form and drop the pending edits.
  const settingsQuery = {
    queryKey: ['settings'],
    queryFn: loadSettings,
    retry: false,
    refetchOnWindowFocus: false,
  }
  const { data: groups, error: loadError, refetch: load } = useQuery(settingsQuery)
  const { data: options = {} } = useQuery<Record<string, FormatOption[]>>({
    queryKey: ['settings', 'format-options'],
    queryFn: async () => {
      const [dates, times] = await Promise.all([
        dataProvider.formatOptions('date-formats'),
        dataProvider.formatOptions('time-formats'),
      ])
      return { DATE_FORMAT: dates.options, TIME_FORMAT: times.options }
    },
  })
  const settings = useMemo(() => Object.values(groups ?? {}).flat(), [groups])
  // The form's record: each setting's stored value by its key; a new one (after a save) resets the form.
  const record = useMemo(
    () => Object.fromEntries(settings.map((s) => [s.setting_key, s.setting_value ?? ''])),
    [settings]
  )
  const names = useMemo(
    () => new Map(settings.map((s) => [s.setting_key, s.display_name])),
    [settings]
  )

  /** Sends the changed values; a refused one stays pending, its message on its field (and as the toast). */
  const save = async (values: Record<string, any>) => {
    const changed = settings.filter((s) => values[s.setting_key] !== record[s.setting_key])
    if (changed.length === 0) return void toast.info('No changes to save')
    try {
      await dataProvider.bulkUpdateSettings(
        changed.map((s) => ({ setting_key: s.setting_key, setting_value: values[s.setting_key] }))
      )
    } catch (error) {
      handleError(error)
      return toHttpError(error).body?.errors
    }
    await load()
    toast.success('Settings saved successfully')
    if (changed.some((s) => s.category === 'branding' || s.setting_key.startsWith('BRAND_'))) {
      await refreshBranding()
      toast.info('Branding updated - changes will be reflected immediately')
    }
  }

  /** Drops the server's settings cache (other processes follow within seconds) and reloads screen and branding before its toast. */
  const clearAndReload = async () => {
    const answer = await await dataProvider.clearSettingsCache()
    await Promise.all([load(), refreshBranding()])
    return answer
  }
  const { mutate: clear, isPending: clearing } = useAdminMutation(
    clearAndReload,
    (answer) => answer.message
  )
  const clearCache = () => clear()
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

  const categories = Object.entries(groups).filter(([, settings]) => settings.length > 0)
  return (
    <Box sx={{ pb: 10 }}>
      <PageHeader
        title="Settings"
        subtitle="System settings grouped by category. Changes take effect when saved."
        actions={
          <Button
            variant="outlined"
            startIcon={<CachedIcon />}
            onClick={clearCache}
            disabled={clearing}
            data-testid="settings-clear-cache"
          >
            {clearing ? 'Clearing...' : 'Clear Cache'}
          </Button>
        }
      />
      <AuditLogLink />
      <Form record={record} onSubmit={save} noValidate disableInvalidFormNotification>
        <Stack spacing={3}>
          {categories.map(([category, settings]) => (
            <SectionCard
              key={category}
              title={CATEGORY_TITLES[category]?.title ?? category}
              data-testid={`settings-category-${category}`}
            >
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {CATEGORY_TITLES[category]?.subtitle}
              </Typography>
              {settings.map((setting) => (
                <SettingField
                  key={setting.setting_key}
                  setting={setting}
                  options={options[setting.setting_key]}
                />
              ))}
            </SectionCard>
          ))}
        </Stack>
        <SaveBar names={names} />
      </Form>
    </Box>
  )
}
