import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Alert, Box, Button, Chip, Grid, Stack, Typography } from '@mui/material'
import DownloadIcon from '@mui/icons-material/DownloadOutlined'
import { useToast } from '../../../common/toast'
import { useAdminData } from '../../dataProvider'
import { download } from '../unmigrated-users/exportUsers'
import { AllRecordsDialog } from './AllRecordsDialog'
import { useReportError } from './useReportError'
import { RecordsTable } from './RecordsTable'
import { Figure, ShortList } from './Figures'
import type { ImportPreview } from './types'

const WIDE = { xs: 12, sm: 4 }
const NARROW = { xs: 6, sm: 3 }
const SCROLLS = { maxHeight: 180, overflow: 'auto' }

/** What the file holds before anything is written: figures, products, the first records, warnings. */
export function PreviewPanel({ preview, cacheKey }: { preview: ImportPreview; cacheKey: string }) {
  const [showAll, setShowAll] = useState(false)
  const dataProvider = useAdminData()
  const reportError = useReportError()
  const { dismissAll } = useToast()
  // The preview's toast has been read once its reader asks for every record: on a phone it would
  // cover the dialog's column headers for its last seconds.
  const openAll = () => {
    dismissAll()
    setShowAll(true)
  }
  const errorFile = useMutation({
    mutationFn: () => dataProvider.previewErrorsFile(cacheKey),
    onSuccess: ({ blob, fileName }) => download(blob, fileName),
    onError: (error) => reportError(error, 'Failed to download the error rows'),
  })
  const { counts } = preview
  return (
    <Stack spacing={2} data-testid="import-preview">
      <Grid container spacing={2}>
        <Figure
          label="Total Records"
          value={preview.totalRecords}
          testId="preview-total"
          size={WIDE}
        />
        <Figure
          label="Unique Members"
          value={preview.uniqueMembers}
          testId="preview-unique"
          size={WIDE}
        />
        <Figure
          label="Products Found"
          value={preview.products.length}
          testId="preview-products"
          size={WIDE}
        />
      </Grid>
      {preview.products.length > 0 ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {preview.products.map((product) => (
            <Chip key={product} label={product} size="small" variant="outlined" />
          ))}
        </Stack>
      ) : null}
      <Typography variant="subtitle1" component="h3">
        What the import will do
      </Typography>
      <Grid container spacing={2} data-testid="preview-counts">
        <Figure label="New members" value={counts.new} testId="preview-new" size={NARROW} />
        <Figure label="Updated" value={counts.updated} testId="preview-updated" size={NARROW} />
        <Figure
          label="Unchanged"
          value={counts.unchanged}
          testId="preview-unchanged"
          size={NARROW}
        />
        <Figure
          label="Skipped (errors)"
          value={counts.skipped}
          testId="preview-skipped"
          size={NARROW}
        />
      </Grid>
      {preview.validationWarnings.length > 0 ? (
        <Alert severity="warning" data-testid="preview-warnings">
          <Typography variant="subtitle2" component="h3">
            Validation warnings ({preview.validationWarnings.length}). Records with errors will be
            skipped.
          </Typography>
          <ShortList
            lines={preview.validationWarnings}
            shown={100}
            sx={SCROLLS}
            tabIndex={0}
            aria-label="Validation warnings"
          />
        </Alert>
      ) : null}
      {preview.invalidRecords > 0 ? (
        <Box>
          <Button
            variant="outlined"
            size="small"
            startIcon={<DownloadIcon />}
            onClick={() => errorFile.mutate()}
            disabled={errorFile.isPending}
            data-testid="download-errors"
          >
            Download error rows (CSV)
          </Button>
        </Box>
      ) : null}
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1" component="h3">
          Sample Records (first {preview.sampleRecords.length})
        </Typography>
        <Button size="small" onClick={openAll} data-testid="view-all-records">
          View All ({preview.totalRecords.toLocaleString('en-US')})
        </Button>
      </Stack>
      {/* Focusable so that keyboard users can scroll it on narrow screens. */}
      <Box
        sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
        tabIndex={0}
        role="region"
        aria-label="Sample records"
      >
        <RecordsTable records={preview.sampleRecords} testId="sample-records" />
      </Box>
      <AllRecordsDialog
        open={showAll}
        cacheKey={cacheKey}
        total={preview.totalRecords}
        onClose={() => setShowAll(false)}
      />
    </Stack>
  )
}
