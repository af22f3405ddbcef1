import { Form } from 'react-admin'
import { Box, Button } from '@mui/material'
import CachedIcon from '@mui/icons-material/Cached'
import { PageHeader } from '../../components/PageHeader'
import { LoadError } from '../../components/list/ListStates'
import { LoadingBlock } from '../../components/LoadingBlock'
import { AuditLogLink } from '../../audit/AuditLogLink'
import { SaveBar } from './SaveBar'
import { SettingsCategories } from './SettingsCategories'
import { useSettings } from './useSettings'

/** /admin/settings: settings grouped by category in one react-admin form; changes are pending until Save or Discard. */
export default function SettingsPage() {
  const { groups, loadError, load, options, record, names, save, clearing } = useSettings()
  const clearCache = () => clearing.mutate()
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
          <Button
            variant="outlined"
            startIcon={<CachedIcon />}
            onClick={clearCache}
            disabled={clearing.isPending}
            data-testid="settings-clear-cache"
          >
            {clearing.isPending ? 'Clearing...' : 'Clear Cache'}
          </Button>
        }
      />
      <AuditLogLink />
      <Form record={record} onSubmit={save} noValidate disableInvalidFormNotification>
        <SettingsCategories groups={groups} options={options} />
        <SaveBar names={names} />
      </Form>
    </Box>
  )
}
