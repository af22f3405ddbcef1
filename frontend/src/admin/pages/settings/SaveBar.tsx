import { useFormContext, useFormState } from 'react-hook-form'
import { Button, Paper, Typography } from '@mui/material'
import { useAdminTools } from '../../components/useAdminTools'
import { useWarnWhenDirty } from '../../components/useWarnWhenDirty'

const BAR = {
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
} as const

/** The fixed bar: what is pending, Discard and Save. Leaving with pending changes asks first. */
export function SaveBar({ names }: { names: Map<string, string> }) {
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
    <Paper elevation={6} sx={BAR} data-testid="settings-save-bar">
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
