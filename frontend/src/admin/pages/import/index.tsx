import { useCallback, useEffect, useRef, useState } from 'react'
import { Alert, Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material'
import UploadIcon from '@mui/icons-material/UploadFileOutlined'
import { api } from '../../../common/api'
import { useToast } from '../../../common/toast'
import { PageHeader } from '../../components/PageHeader'
import { DatabaseStatsCard } from './DatabaseStatsCard'
import { PreviewPanel } from './PreviewPanel'
import { ImportResultPanel } from './ImportResultPanel'
import { CleanDatabaseCard } from './CleanDatabaseCard'
import { useReportError } from './useReportError'
import type { DatabaseStats, ImportPreview, ImportResult } from './types'

const ALLOWED = /\.(csv|xlsx|xls)$/i
/** The server refuses larger uploads too (admin-backoffice.md §9); checking here spares a long upload. */
const MAX_UPLOAD_BYTES = 50 * 1024 * 1024

export default function ImportPage() {
  const toast = useToast()
  const reportError = useReportError()
  const input = useRef<HTMLInputElement>(null)
  const [stats, setStats] = useState<DatabaseStats | null>(null)
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<ImportPreview | null>(null)
  const [cacheKey, setCacheKey] = useState<string | null>(null)
  const [result, setResult] = useState<ImportResult | null>(null)
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null)

  const loadStats = useCallback(async () => {
    try {
      setStats((await api.get<{ stats: DatabaseStats }>('/admin/data/stats')).stats)
    } catch (error) {
      reportError(error, 'Failed to load database statistics')
    }
  }, [reportError])
  useEffect(() => {
    loadStats()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const reset = () => {
    setPreview(null)
    setCacheKey(null)
  }

  const choose = (chosen: File | undefined) => {
    reset()
    setResult(null)
    if (!chosen) return setFile(null)
    if (!ALLOWED.test(chosen.name)) {
      setFile(null)
      if (input.current) input.current.value = ''
      return toast.error('Please select a CSV or XLSX file')
    }
    if (chosen.size > MAX_UPLOAD_BYTES) {
      setFile(null)
      if (input.current) input.current.value = ''
      return toast.error('The file is larger than the 50 MB limit')
    }
    setFile(chosen)
  }

  const runPreview = async () => {
    if (!file) return toast.error('Please select a file first')
    setBusy('preview')
    try {
      const form = new FormData()
      form.append('file', file)
      const answer = await api.post<{ preview: ImportPreview; cacheKey: string }>('/admin/data/preview', form)
      setPreview(answer.preview)
      setCacheKey(answer.cacheKey)
      toast.success('File parsed successfully! Review the preview below.')
    } catch (error) {
      reportError(error, 'Failed to preview data')
    } finally {
      setBusy(null)
    }
  }

  const confirm = async () => {
    if (!cacheKey) return toast.error('No preview data found. Please upload and preview the file again.')
    setBusy('import')
    try {
      const answer = await api.post<ImportResult>('/admin/data/confirm-import', { cacheKey })
      setResult(answer)
      if (answer.errors.length > 0) toast.warning(`Import completed with ${answer.errors.length} errors. ${answer.membersImported} members imported.`)
      else toast.success(`Import completed successfully! ${answer.membersImported} members imported.`)
      reset()
      setFile(null)
      if (input.current) input.current.value = ''
      await loadStats()
    } catch (error) {
      reportError(error, 'Failed to import data')
    } finally {
      setBusy(null)
    }
  }

  const cancel = () => {
    reset()
    setFile(null)
    if (input.current) input.current.value = ''
  }

  return (
    <>
      <PageHeader title="Import Data" subtitle="Load the member census and manage the data" />
      <DatabaseStatsCard stats={stats} onRefresh={loadStats} />
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="h6" sx={{ mb: 1 }}>
            Import Census
          </Typography>
          <Alert severity="info" sx={{ mb: 2 }}>
            Census format with standard columns (Member ID, Name, Date of Birth, Role, Residence Country, Principal Name, Principal Person ID, Person ID, Product, Email). Products are added automatically; existing subscription settings are kept.
            CSV, XLSX or XLS up to 50 MB.
          </Alert>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
            <Button variant="outlined" component="label" startIcon={<UploadIcon />}>
              1. Choose File
              <input ref={input} hidden type="file" accept=".csv,.xlsx,.xls" data-testid="import-file" onChange={(e) => choose(e.target.files?.[0])} />
            </Button>
            <Typography color={file ? 'text.primary' : 'text.secondary'} sx={{ flex: 1 }} data-testid="import-file-name">
              {file ? `${file.name} (${(file.size / 1024).toFixed(1)} KB)` : 'No file chosen'}
            </Typography>
            <Button variant="contained" onClick={runPreview} disabled={busy !== null || preview !== null} data-testid="preview-import">
              2. Preview Import
            </Button>
          </Stack>
          {busy ? <LinearProgress sx={{ mb: 2 }} /> : null}
          {preview ? (
            <Box sx={{ mb: 2 }}>
              <PreviewPanel preview={preview} cacheKey={cacheKey ?? ''} />
              <Stack direction="row" spacing={2} sx={{ mt: 2, justifyContent: 'flex-end' }}>
                <Button onClick={cancel} disabled={busy !== null} data-testid="cancel-import">
                  Cancel
                </Button>
                <Button variant="contained" color="success" onClick={confirm} disabled={busy !== null} data-testid="confirm-import">
                  {busy === 'import' ? 'Importing...' : '3. Confirm & Import'}
                </Button>
              </Stack>
            </Box>
          ) : null}
          {result ? <ImportResultPanel result={result} /> : null}
        </CardContent>
      </Card>
      <CleanDatabaseCard onCleaned={loadStats} />
    </>
  )
}
