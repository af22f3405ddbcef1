import { useCallback, useEffect, useState } from 'react'
import { Box, Button, Card, CardContent, Chip, CircularProgress, List, ListItemButton, ListItemText, Stack, Typography } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import MailIcon from '@mui/icons-material/MailOutlined'
import { api } from '../../../common/api'
import { useToast } from '../../../common/toast'
import { PageHeader } from '../../components/PageHeader'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { useAdminErrorHandler } from '../../components/adminErrors'
import { PreviewDialog } from './PreviewDialog'
import { TemplateForm } from './TemplateForm'
import { TemplateView } from './TemplateView'
import { HistoryPanel } from '../../audit/HistoryPanel'
import { typeLabel, type EmailTemplate, type TemplateDraft } from './types'

type Mode = { kind: 'none' } | { kind: 'view'; id: number } | { kind: 'edit'; id: number } | { kind: 'create' }

const EMPTY_DRAFT: TemplateDraft = { template_type: 'migration_confirmation', name: '', subject: '', html_content: '<p>Dear {{member_name}},</p><p></p>' }
const isBlank = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim() === '' && !/<img/i.test(html)

/** /admin/email-templates: list on the left; view, edit or create on the right; preview modal. */
export default function EmailTemplatesPage() {
  const toast = useToast()
  const handleError = useAdminErrorHandler()
  const [templates, setTemplates] = useState<EmailTemplate[] | null>(null)
  const [mode, setMode] = useState<Mode>({ kind: 'none' })
  const [saving, setSaving] = useState(false)
  const [preview, setPreview] = useState<{ subject: string; html: string } | null>(null)
  const [deleting, setDeleting] = useState<EmailTemplate | null>(null)

  const load = useCallback(async () => {
    try {
      setTemplates((await api.get<{ templates: EmailTemplate[] }>('/admin/email-templates')).templates)
    } catch (error) {
      handleError(error)
      setTemplates([])
    }
  }, [handleError])

  useEffect(() => {
    void load()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const selected = mode.kind === 'view' || mode.kind === 'edit' ? templates?.find((t) => t.id === mode.id) : undefined

  const save = async (draft: TemplateDraft) => {
    if (!draft.name.trim() || !draft.subject.trim() || isBlank(draft.html_content)) {
      toast.error('Please fill in all required fields')
      return
    }
    setSaving(true)
    try {
      if (mode.kind === 'edit') {
        await api.put(`/admin/email-templates/${mode.id}`, draft)
        toast.success('Template updated successfully')
        await load()
        setMode({ kind: 'view', id: mode.id })
      } else {
        const { template } = await api.post<{ template: EmailTemplate }>('/admin/email-templates', draft)
        toast.success('Template created successfully')
        await load()
        setMode({ kind: 'view', id: template.id })
      }
    } catch (error) {
      handleError(error)
    } finally {
      setSaving(false)
    }
  }

  const activate = async (template: EmailTemplate) => {
    try {
      await api.post(`/admin/email-templates/${template.id}/activate`)
      toast.success('Template activated successfully')
      await load()
    } catch (error) {
      handleError(error)
    }
  }

  const remove = async () => {
    if (!deleting) return
    try {
      await api.delete(`/admin/email-templates/${deleting.id}`)
      toast.success('Template deleted successfully')
      setMode({ kind: 'none' })
      await load()
    } catch (error) {
      handleError(error)
    } finally {
      setDeleting(null)
    }
  }

  return (
    <>
      <PageHeader
        title="Email Templates"
        subtitle="The emails the portal sends. One template per type is active."
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setMode({ kind: 'create' })} data-testid="template-new">
            New Template
          </Button>
        }
      />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '320px 1fr' }, alignItems: 'start' }}>
        <Card>
          {templates === null ? (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
              <CircularProgress />
            </Box>
          ) : templates.length === 0 ? (
            <CardContent>
              <Typography color="text.secondary">No email templates yet.</Typography>
            </CardContent>
          ) : (
            <List component="nav" aria-label="Email templates" disablePadding data-testid="template-list">
              {templates.map((template) => (
                <ListItemButton key={template.id} selected={selected?.id === template.id} onClick={() => setMode({ kind: 'view', id: template.id })} divider>
                  <ListItemText
                    primary={template.name}
                    secondary={typeLabel(template.template_type)}
                    slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                  />
                  {template.is_active ? <Chip size="small" label="Active" color="success" /> : null}
                </ListItemButton>
              ))}
            </List>
          )}
        </Card>
        <Box>
          {mode.kind === 'create' ? (
            <TemplateForm key="create" mode="create" initial={EMPTY_DRAFT} saving={saving} onSave={save} onPreview={(d) => setPreview({ subject: d.subject, html: d.html_content })} onCancel={() => setMode({ kind: 'none' })} />
          ) : mode.kind === 'edit' && selected ? (
            <TemplateForm key={`edit-${selected.id}`} mode="edit" initial={selected} typeLocked={selected.is_active} saving={saving} onSave={save} onPreview={(d) => setPreview({ subject: d.subject, html: d.html_content })} onCancel={() => setMode({ kind: 'view', id: selected.id })} />
          ) : mode.kind === 'view' && selected ? (
            <TemplateView
              template={selected}
              onEdit={() => setMode({ kind: 'edit', id: selected.id })}
              onPreview={() => setPreview({ subject: selected.subject, html: selected.html_content })}
              onActivate={() => activate(selected)}
              onDelete={() => setDeleting(selected)}
            />
          ) : (
            <Card>
              <CardContent sx={{ textAlign: 'center', py: 8 }}>
                <MailIcon color="disabled" sx={{ fontSize: 48 }} />
                <Typography variant="h6" component="h2">Select a template</Typography>
                <Typography color="text.secondary">Choose a template on the left to view or edit it, or create a new one.</Typography>
              </CardContent>
            </Card>
          )}
          {mode.kind === 'view' && selected ? <HistoryPanel key={selected.id} entityType="email_template" entityId={selected.id} /> : null}
        </Box>
      </Box>
      <PreviewDialog open={preview !== null} subject={preview?.subject ?? ''} html={preview?.html ?? ''} onClose={() => setPreview(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete email template"
        message={
          <Stack spacing={1}>
            <span>Are you sure you want to delete the template "{deleting?.name}"?</span>
            {deleting?.is_active ? <strong>This is the active template of its type: activate another template of this type first.</strong> : null}
          </Stack>
        }
        confirmLabel="Delete"
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </>
  )
}
