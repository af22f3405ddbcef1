import { useQuery } from '@tanstack/react-query'
import { Alert, Box, Typography } from '@mui/material'
import { describeError } from '../../components/adminErrors'
import { LoadingBlock } from '../../components/LoadingBlock'
import { InfoDialog } from '../../components/InfoDialog'
import { useAdminData } from '../../dataProvider'

/** Renders a template with the sample variables (server side: sanitised, values HTML-escaped) in a sandboxed frame. */
export function PreviewDialog(props: { subject: string; html: string; onClose: () => void }) {
  const dataProvider = useAdminData()
  const { data: preview, error } = useQuery({
    queryKey: ['email-templates', 'preview', props.subject, props.html],
    queryFn: () => dataProvider.previewEmailTemplate(props.subject, props.html),
    retry: false,
  })
  return (
    <InfoDialog
      open
      title="Preview with sample data"
      testId="preview-dialog"
      onClose={props.onClose}
    >
      {error ? <Alert severity="error">{describeError(error)}</Alert> : null}
      {!preview && !error ? <LoadingBlock label="Loading preview" /> : null}
      {preview ? (
        <>
          <Typography variant="body2" color="text.secondary">
            Subject
          </Typography>
          <Typography sx={{ fontWeight: 600, mb: 2 }} data-testid="preview-subject">
            {preview.subject}
          </Typography>
          <Box
            component="iframe"
            title="Email preview"
            sandbox=""
            srcDoc={preview.html}
            data-testid="preview-frame"
            sx={{
              width: '100%',
              height: 480,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: '#fff',
            }}
          />
        </>
      ) : null}
    </InfoDialog>
  )
}
