import { Box, Button, Card, Chip, Stack, Typography } from '@mui/material'
import EditIcon from '@mui/icons-material/EditOutlined'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import PreviewIcon from '@mui/icons-material/VisibilityOutlined'
import CheckIcon from '@mui/icons-material/CheckCircleOutlined'
import { LANGUAGE_FALLBACK_HINT, languageLabel, typeLabel, type EmailTemplate } from './types'

/** The selected template, read-only, with its actions (Activate only when inactive). */
export function TemplateView(props: {
  template: EmailTemplate
  onEdit: () => void
  onPreview: () => void
  onActivate: () => void
  onDelete: () => void
}) {
  const { template } = props
  return (
    <Card data-testid="template-view" sx={{ p: 2, pb: 3 }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        sx={{ justifyContent: 'space-between', gap: 2, mb: 2 }}
      >
        <Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 0.5 }}>
            <Typography variant="h6" component="h2">
              {template.name}
            </Typography>
            <Chip
              size="small"
              label={template.is_active ? 'Active' : 'Inactive'}
              color={template.is_active ? 'success' : 'default'}
              data-testid="template-status"
            />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {typeLabel(template.template_type)} · {languageLabel(template.language)}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="template-language-hint">
            {LANGUAGE_FALLBACK_HINT}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
          {!template.is_active ? (
            <Button
              variant="contained"
              color="success"
              startIcon={<CheckIcon />}
              onClick={props.onActivate}
              sx={{ bgcolor: 'success.dark' }}
              data-testid="template-activate"
            >
              Activate
            </Button>
          ) : null}
          <Button
            variant="outlined"
            startIcon={<PreviewIcon />}
            onClick={props.onPreview}
            data-testid="template-view-preview"
          >
            Preview
          </Button>
          <Button
            variant="outlined"
            startIcon={<EditIcon />}
            onClick={props.onEdit}
            data-testid="template-edit"
          >
            Edit
          </Button>
          <Button
            variant="outlined"
            color="error"
            startIcon={<DeleteIcon />}
            onClick={props.onDelete}
            data-testid="template-delete"
          >
            Delete
          </Button>
        </Stack>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        Subject
      </Typography>
      <Typography sx={{ mb: 2, fontFamily: 'monospace' }}>{template.subject}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Content (placeholders not filled; use Preview for sample data)
      </Typography>
      <Box
        component="iframe"
        title="Template content"
        sandbox=""
        srcDoc={template.html_content}
        sx={{
          width: '100%',
          height: 420,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: '#fff',
        }}
      />
    </Card>
  )
}
