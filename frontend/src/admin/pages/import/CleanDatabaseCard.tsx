import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Button, Card, Stack, TextField, Typography } from '@mui/material'
import WarningIcon from '@mui/icons-material/WarningAmberOutlined'
import { useReportError } from './useReportError'
import { useAdminTools } from '../../components/useAdminTools'

export const CLEAN_PHRASE = 'DELETE ALL DATA'

/** The danger zone: the phrase must be typed exactly (the server checks it again). */
export function CleanDatabaseCard({ onCleaned }: { onCleaned: () => void }) {
  const { toast, dataProvider } = useAdminTools()
  const reportError = useReportError()
  const [phrase, setPhrase] = useState('')
  const cleaning = useMutation({
    mutationFn: (confirmation: string) => dataProvider.cleanDatabase(confirmation) as Promise<{ deletedCounts: { members: number; migrations: number } }>,
    onSuccess: ({ deletedCounts }) => {
      toast.success(`Database cleaned successfully! Deleted: ${deletedCounts.members} members, ${deletedCounts.migrations} migrations`)
      setPhrase('')
      onCleaned()
    },
    onError: (error) => reportError(error, 'Failed to clean database'),
  })
  const busy = cleaning.isPending

  const clean = () => {
    if (phrase !== CLEAN_PHRASE) return toast.error('Please type "DELETE ALL DATA" to confirm')
    cleaning.mutate(phrase)
  }

  return (
    <Card sx={{ border: 2, borderColor: 'error.main', p: 2, pb: 3 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <WarningIcon color="error" />
        <Typography variant="h6" component="h2" color="error">
          Danger Zone: Clean Database
        </Typography>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Deletes all migrations, subscriptions and payment data, members, migration blocks, email overrides and secure links. The products table and its settings are kept. This cannot be undone.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField size="small" label={`Type ${CLEAN_PHRASE} to confirm`} value={phrase} onChange={(e) => setPhrase(e.target.value)} sx={{ flex: 1 }} slotProps={{ htmlInput: { 'data-testid': 'clean-phrase' } }} />
        <Button variant="contained" color="error" onClick={clean} disabled={busy} data-testid="clean-database">
          {busy ? 'Cleaning...' : 'Clean Database'}
        </Button>
      </Stack>
    </Card>
  )
}
