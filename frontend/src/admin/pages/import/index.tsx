import { useEffect, useRef, useState } from 'react'
import { useMutation, useQuery } from '@tanstack/react-query'
import { HttpError } from 'react-admin'
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material'
import UploadIcon from '@mui/icons-material/UploadFileOutlined'
import { PageHeader } from '../../components/PageHeader'
import { SectionCard } from '../../components/SectionCard'
import { DatabaseStatsCard } from './DatabaseStatsCard'
import { PreviewPanel } from './PreviewPanel'
import { ImportResultPanel } from './ImportResultPanel'
import { CleanDatabaseCard } from './CleanDatabaseCard'
import { MappingStep } from './MappingStep'
import { useReportError } from './useReportError'
import type { ColumnsQuestion } from './types'
import { useAdminTools } from '../../components/useAdminTools'

const ALLOWED = /\.(csv|xlsx|xls)$/i
/** The server refuses larger uploads too (admin-backoffice.md §9); checking here spares a long upload. */
const MAX_UPLOAD_BYTES = 50 * 1024 * 1024

/** The preview's 422 for a missing required column: which ones, and the file's columns (the mapping step's question). */
function columnsQuestion(error: unknown): ColumnsQuestion | null {
  const body =
    error instanceof HttpError ? (error.body as Partial<ColumnsQuestion> | undefined) : undefined
  return body && Array.isArray(body.missingColumns) && Array.isArray(body.fileColumns)
    ? { missingColumns: body.missingColumns, fileColumns: body.fileColumns }
    : null
}

export default function ImportPage() {
  const { toast, dataProvider } = useAdminTools()
  const reportError = useReportError()
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)

  const stats = useQuery({
    queryKey: ['import', 'stats'],
    queryFn: async () => (await dataProvider.databaseStats()).stats,
    retry: false,
  })
  useEffect(() => {
    if (stats.error) reportError(stats.error, 'Failed to load database statistics')
  }, [stats.error, stats.errorUpdatedAt, reportError])
  const loadStats = () => void stats.refetch()

  // The preview, the mapping step's question (with the mapping sent) and the result are the calls' own state.
  const previewing = useMutation({
    mutationFn: (given: Record<string, string>) => dataProvider.previewImport(file!, given),
    onSuccess: () => toast.success('File parsed successfully! Review the preview below.'),
    onError: (error) =>
      void (columnsQuestion(error) || reportError(error, 'Failed to preview data')),
  })
  const preview = previewing.data
  const question = columnsQuestion(previewing.error)
  const mapping = previewing.variables ?? {}
  const importing = useMutation({
    mutationFn: (cacheKey: string) => dataProvider.confirmImport(cacheKey),
    onSuccess: (answer) => {
      if (answer.errors.length > 0)
        toast.warning(
          `Import completed with ${answer.errors.length} errors. ${answer.membersImported} members imported.`
        )
      else
        toast.success(`Import completed successfully! ${answer.membersImported} members imported.`)
      clearFile()
      loadStats()
    },
    onError: (error) => reportError(error, 'Failed to import data'),
  })
  const result = importing.data
  const busy = previewing.isPending || importing.isPending

  /** Back to "choose a file": no preview, no mapping question. */
  const clearFile = () => {
    previewing.reset()
    setFile(null)
    if (input.current) input.current.value = ''
  }

  const choose = (chosen: File | undefined) => {
    clearFile()
    importing.reset()
    if (!chosen) return
    if (!ALLOWED.test(chosen.name)) return toast.error('Please select a CSV or XLSX file')
    if (chosen.size > MAX_UPLOAD_BYTES)
      return toast.error('The file is larger than the 50 MB limit')
    setFile(chosen)
  }

  const runPreview = (given: Record<string, string> = mapping) => {
    if (!file) return toast.error('Please select a file first')
    previewing.mutate(given)
  }

  const confirm = () => {
    if (!preview)
      return toast.error('No preview data found. Please upload and preview the file again.')
    importing.mutate(preview.cacheKey)
  }

  return (
    <>
      <PageHeader title="Import Data" subtitle="Load the member census and manage the data" />
      <DatabaseStatsCard stats={stats.data ?? null} onRefresh={loadStats} />
      <SectionCard title="Import Census" sx={{ mb: 3 }}>
        <Alert severity="info" sx={{ mb: 2 }}>
          Census format with standard columns (Member ID, Name, Date of Birth, Role, Residence
          Country, Principal Name, Principal Person ID, Person ID, Product, Email). Products are
          added automatically; existing subscription settings are kept. CSV, XLSX or XLS up to 50
          MB. Common other names of the columns (Member Number, Full Name, DOB, Relationship…) are
          recognised.
        </Alert>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'center' }, mb: 2 }}
        >
          {/* A real button opens the file dialog; the input itself is hidden from view and from assistive technology. */}
          <Button
            variant="outlined"
            startIcon={<UploadIcon />}
            onClick={() => input.current?.click()}
            disabled={busy}
            data-testid="choose-file"
          >
            1. Choose File
          </Button>
          <input
            ref={input}
            hidden
            type="file"
            name="census"
            aria-label="Census file to import"
            accept=".csv,.xlsx,.xls"
            data-testid="import-file"
            onChange={(e) => choose(e.target.files?.[0])}
          />
          <Typography
            color={file ? 'text.primary' : 'text.secondary'}
            sx={{ flex: 1, overflowWrap: 'anywhere' }}
            data-testid="import-file-name"
          >
            {file ? `${file.name} (${(file.size / 1024).toFixed(1)} KB)` : 'No file chosen'}
          </Typography>
          <Button
            variant="contained"
            onClick={() => runPreview()}
            disabled={busy || !!preview || !!question}
            data-testid="preview-import"
          >
            2. Preview Import
          </Button>
        </Stack>
        {busy ? (
          <LinearProgress
            sx={{ mb: 2 }}
            aria-label={previewing.isPending ? 'Reading the file' : 'Importing'}
          />
        ) : null}
        {question ? (
          <MappingStep
            question={question}
            mapping={mapping}
            busy={busy}
            onSubmit={(chosen) => runPreview({ ...mapping, ...chosen })}
            onCancel={clearFile}
          />
        ) : null}
        {preview ? (
          <Box sx={{ mb: 2 }}>
            <PreviewPanel preview={preview.preview} cacheKey={preview.cacheKey} />
            <Stack direction="row" spacing={2} sx={{ mt: 2, justifyContent: 'flex-end' }}>
              <Button onClick={clearFile} disabled={busy} data-testid="cancel-import">
                Cancel
              </Button>
              <Button
                variant="contained"
                onClick={confirm}
                disabled={busy}
                data-testid="confirm-import"
              >
                {importing.isPending ? 'Importing...' : '3. Confirm & Import'}
              </Button>
            </Stack>
          </Box>
        ) : null}
        {result ? <ImportResultPanel result={result} /> : null}
      </SectionCard>
      <CleanDatabaseCard onCleaned={loadStats} />
    </>
  )
}
