import { useEffect, useState } from 'react'
import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material'
import { api, errorMessage } from '../../../common/api'

/** Renders a template with the sample variables (server side: sanitised, values HTML-escaped) in a sandboxed frame. */
export function PreviewDialog(props: { open: boolean; subject: string; html: string; onClose: () => void }) {
  const [preview, setPreview] = useState<{ subject: string; html: string } | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    if (!props.open) return
    setPreview(null)
    setError(null)
    api
      .post<{ subject: string; html: string }>('/admin/email-templates/preview', { subject: props.subject, html_content: props.html })
      .then(setPreview)
      .catch((failure) => setError(errorMessage(failure)))
  }, [props.open, props.subject, props.html])

  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="md" fullWidth data-testid="preview-dialog">
      <DialogTitle>Preview with sample data</DialogTitle>
      <DialogContent dividers>
        {error ? <Alert severity="error">{error}</Alert> : null}
        {!preview && !error ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress />
          </Box>
        ) : null}
        {preview ? (
          <>
            <Typography variant="body2" color="text.secondary">
              Subject
            </Typography>
            <Typography sx={{ fontWeight: 600, mb: 2 }} data-testid="preview-subject">
              {preview.subject}
            </Typography>
            <Box component="iframe" title="Email preview" sandbox="" srcDoc={preview.html} data-testid="preview-frame" sx={{ width: '100%', height: 480, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }} />
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  )
}
