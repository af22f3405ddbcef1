import { useListContext } from 'react-admin'
import { Button, Stack, Typography } from '@mui/material'
import VpnKeyIcon from '@mui/icons-material/VpnKey'
import DownloadIcon from '@mui/icons-material/Download'
import { LiveSearch } from '../../components/list/LiveSearch'

/** Above the table: the search, how many users are listed and selected, Generate Links and the exports. */
export function UnmigratedToolbar({
  listed,
  serverTotal,
  generating,
  onGenerate,
  onExportCsv,
  onExportXlsx,
}: {
  listed: number
  serverTotal: number
  generating: boolean
  onGenerate: () => void
  onExportCsv: () => void
  onExportXlsx: () => void
}) {
  const { selectedIds, error } = useListContext()
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ p: 2, alignItems: { md: 'center' } }}
    >
      <LiveSearch
        placeholder="Search by name, member ID, or email..."
        label="Search unmigrated users"
        testId="unmigrated-search"
      />
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ whiteSpace: 'nowrap' }}
        data-testid="unmigrated-count"
      >
        {error
          ? ''
          : listed === serverTotal
            ? `${serverTotal} users`
            : `${listed} of ${serverTotal} users`}
        {selectedIds.length > 0 ? ` · ${selectedIds.length} selected` : ''}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{
          'flexShrink': 0,
          'flexWrap': { xs: 'wrap', md: 'nowrap' },
          '& .MuiButton-root': { whiteSpace: 'nowrap' },
        }}
      >
        <Button
          variant="outlined"
          startIcon={<VpnKeyIcon />}
          onClick={onGenerate}
          disabled={generating || listed === 0}
          data-testid="generate-all-links"
        >
          Generate Links
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={onExportCsv}
          disabled={listed === 0}
          data-testid="export-csv"
        >
          Export CSV
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={onExportXlsx}
          disabled={listed === 0}
          data-testid="export-xlsx"
        >
          Export XLSX
        </Button>
      </Stack>
    </Stack>
  )
}
