import { useMemo } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useBranding } from '../../../common/branding'
import { useAdminMutation } from '../../components/useAdminMutation'
import { useAdminTools } from '../../components/useAdminTools'
import { toHttpError } from '../../dataProvider'
import type { FormatOption } from './SettingField'

/**
 * The settings by category and the date/time format choices, the form's record (each setting's
 * stored value by its key), its save and the cache's Clear.
 */
export function useSettings() {
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
  // The form's record: a new one (after a save) resets the form.
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
    const answer = await dataProvider.clearSettingsCache()
    await Promise.all([load(), refreshBranding()])
    return answer
  }
  const clearing = useAdminMutation(clearAndReload, (answer) => answer.message)

  return { groups, loadError, load, options, record, names, save, clearing }
}
