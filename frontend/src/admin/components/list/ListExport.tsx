import { useState } from 'react'
import { useListContext } from 'react-admin'
import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material'
import DownloadIcon from '@mui/icons-material/Download'
import { download } from '../../pages/unmigrated-users/exportUsers'
import type { ExportFormat } from '../../dataProvider/custom/exports'
import type { DownloadProgress } from '../../dataProvider/httpClient'
import { useAdminTools } from '../useAdminTools'

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`

/**
 * Export CSV and Export XLSX of a list (docs/backoffice.md "Exports of every list"): the server
 * streams every row of the list's current filters and sort (not only the page shown); while it
 * runs a named progress bar and a status line say how far it is, and the buttons wait.
 */
export function ListExport({ what }: { what: string }) {
  const { resource, filterValues, sort, total } = useListContext()
  const { dataProvider, toast, handleError } = useAdminTools()
  const [running, setRunning] = useState<{ format: ExportFormat; progress: DownloadProgress }>()

  const start = async (format: ExportFormat) => {
    setRunning({ format, progress: { bytes: 0, rows: null } })
    try {
      const { blob, fileName } = await dataProvider.exportList(
        resource,
        { filter: filterValues ?? {}, sort },
        format,
        (progress) => setRunning({ format, progress })
      )
      download(blob, fileName)
      toast.success(`${format.toUpperCase()} exported successfully!`)
    } catch (error) {
      await handleError(error, `Failed to export ${what}`)
    } finally {
      setRunning(undefined)
    }
  }

  const rows = running?.progress.rows
  return (
    <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      {(['csv', 'xlsx'] as const).map((format) => (
        <Button
          key={format}
          size="small"
          startIcon={<DownloadIcon />}
          onClick={() => start(format)}
          disabled={running !== undefined || total === 0}
          data-testid={`list-export-${format}`}
        >
          Export {format.toUpperCase()}
        </Button>
      ))}
      {running && (
        <Box sx={{ minWidth: 160 }} data-testid="list-export-progress">
          <LinearProgress aria-label={`Exporting ${what}`} />
          <Typography variant="caption" role="status" color="text.primary">
            Exporting {rows === null || rows === undefined ? '' : `${rows.toLocaleString()} `}
            {what} as {running.format.toUpperCase()}… {sizeText(running.progress.bytes)}
          </Typography>
        </Box>
      )}
    </Stack>
  )
}
