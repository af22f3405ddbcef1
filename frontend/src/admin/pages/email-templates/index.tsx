import { useState } from 'react'
import { ListBase } from 'react-admin'
import { Box, Button, Card } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import { PageHeader } from '../../components/PageHeader'
import { useAdminMutation } from '../../components/useAdminMutation'
import { ListFetching } from '../../components/list/ListStates'
import { useAdminTools } from '../../components/useAdminTools'
import { HistoryPanel } from '../../audit/HistoryPanel'
import { DeleteTemplateConfirm } from './DeleteTemplateConfirm'
import { PreviewDialog } from './PreviewDialog'
import { TemplateNav } from './TemplateNav'
import { TemplatePanel, type PanelMode } from './TemplatePanel'
import { useTemplateSave } from './useTemplateSave'
import type { EmailTemplate } from './types'

const COLUMNS = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '320px minmax(0, 1fr)' },
  alignItems: 'start',
}

/** /admin/email-templates: list on the left; view, edit or create on the right; preview modal. */
export default function EmailTemplatesPage() {
  const { dataProvider } = useAdminTools()
  const [mode, setMode] = useState<PanelMode>({ kind: 'none' })
  const [preview, setPreview] = useState<{ subject: string; html: string } | null>(null)
  const [deleting, setDeleting] = useState<EmailTemplate | null>(null)
  const save = useTemplateSave(mode, setMode)

  const activateTemplate = (template: EmailTemplate) =>
    dataProvider.activateEmailTemplate(template.id)
  const { mutate: activate } = useAdminMutation(activateTemplate, 'Template activated successfully')

  return (
    <>
      <PageHeader
        title="Email Templates"
        subtitle="The emails the portal sends. One template per type is active."
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setMode({ kind: 'create' })}
            data-testid="template-new"
          >
            New Template
          </Button>
        }
      />
      {/* The API sends every template: no paging or filters to keep in the URL. */}
      <ListBase perPage={1000} sort={{ field: '', order: 'ASC' }} disableSyncWithLocation>
        <Box sx={COLUMNS}>
          <Card>
            <ListFetching />
            <TemplateNav
              selectedId={mode.kind === 'view' || mode.kind === 'edit' ? mode.id : undefined}
              onSelect={(id) => setMode({ kind: 'view', id })}
            />
          </Card>
          <Box>
            <TemplatePanel
              mode={mode}
              setMode={setMode}
              onSave={save}
              onPreview={(draft) =>
                setPreview({ subject: draft.subject, html: draft.html_content })
              }
              onActivate={activate}
              onDelete={setDeleting}
            />
            {mode.kind === 'view' ? (
              <HistoryPanel key={mode.id} entityType="email_template" entityId={mode.id} />
            ) : null}
          </Box>
        </Box>
      </ListBase>
      {preview ? (
        <PreviewDialog
          subject={preview.subject}
          html={preview.html}
          onClose={() => setPreview(null)}
        />
      ) : null}
      <DeleteTemplateConfirm
        template={deleting}
        onDeleted={() => setMode({ kind: 'none' })}
        onClose={() => setDeleting(null)}
      />
    </>
  )
}
