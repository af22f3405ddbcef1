import { useState } from 'react'
import { Alert, Box, Button, Chip, Grid, List, ListItem, Stack, Typography } from '@mui/material'
import { AllRecordsDialog } from './AllRecordsDialog'
import { RecordsTable } from './RecordsTable'
import type { ImportPreview } from './types'

function Figure({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Grid size={{ xs: 12, sm: 4 }}>
      <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" data-testid={testId}>
          {value.toLocaleString('en-US')}
        </Typography>
      </Box>
    </Grid>
  )
}

/** What the file holds before anything is written: figures, products, the first records, warnings. */
export function PreviewPanel({ preview, cacheKey }: { preview: ImportPreview; cacheKey: string }) {
  const [showAll, setShowAll] = useState(false)
  return (
    <Stack spacing={2} data-testid="import-preview">
      <Grid container spacing={2}>
        <Figure label="Total Records" value={preview.totalRecords} testId="preview-total" />
        <Figure label="Unique Members" value={preview.uniqueMembers} testId="preview-unique" />
        <Figure label="Products Found" value={preview.products.length} testId="preview-products" />
      </Grid>
      {preview.products.length > 0 ? (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {preview.products.map((product) => (
            <Chip key={product} label={product} size="small" variant="outlined" />
          ))}
        </Stack>
      ) : null}
      {preview.validationWarnings.length > 0 ? (
        <Alert severity="warning" data-testid="preview-warnings">
          <Typography variant="subtitle2">Validation warnings ({preview.validationWarnings.length}). Records with errors will be skipped.</Typography>
          <List dense disablePadding sx={{ maxHeight: 180, overflow: 'auto' }}>
            {preview.validationWarnings.slice(0, 100).map((warning) => (
              <ListItem key={warning} disableGutters sx={{ py: 0 }}>
                {warning}
              </ListItem>
            ))}
            {preview.validationWarnings.length > 100 ? <ListItem disableGutters>... and {preview.validationWarnings.length - 100} more</ListItem> : null}
          </List>
        </Alert>
      ) : null}
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle1">Sample Records (first {preview.sampleRecords.length})</Typography>
        <Button size="small" onClick={() => setShowAll(true)} data-testid="view-all-records">
          View All ({preview.totalRecords.toLocaleString('en-US')})
        </Button>
      </Stack>
      <Box sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <RecordsTable records={preview.sampleRecords} testId="sample-records" />
      </Box>
      <AllRecordsDialog open={showAll} cacheKey={cacheKey} total={preview.totalRecords} onClose={() => setShowAll(false)} />
    </Stack>
  )
}
