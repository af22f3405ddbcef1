import { useState } from 'react'
import { ListBase, useListContext } from 'react-admin'
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  DialogContentText,
  List,
  ListItemButton,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import MailIcon from '@mui/icons-material/MailOutlined'
import { PageHeader } from '../../components/PageHeader'
import { DeleteConfirm } from '../../components/DeleteConfirm'
import { EmptyCard } from '../../components/EmptyCard'
import { submissionErrors } from '../../components/formErrors'
import { useAdminMutation } from '../../components/useAdminMutation'
import { ListError, ListFetching } from '../../components/list/ListStates'
import { PreviewDialog } from './PreviewDialog'
import { TemplateForm } from './TemplateForm'
import { TemplateView } from './TemplateView'
import { HistoryPanel } from '../../audit/HistoryPanel'
import { languageLabel, typeLabel, type EmailTemplate, type TemplateDraft } from './types'
import { useAdminTools } from '../../components/useAdminTools'

type Mode =
  | { kind: 'none' }
  | { kind: 'view'; id: number }
  | { kind: 'edit'; id: number }
  | { kind: 'create' }

const EMPTY_DRAFT: TemplateDraft = {
  template_type: 'migration_confirmation',
  language: 'en',
  name: '',
  subject: '',
  html_content: '<p>Dear {{member_name}},</p><p></p>',
}
const isBlank = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === '' && !/<img/i.test(html)

/** The templates on the left, in the list's states: loading, error with Retry, empty, or the list. */
function TemplateNav({
  selectedId,
  onSelect,
}: {
  selectedId?: number
  onSelect: (id: number) => void
}) {
  const { data, isPending, error } = useListContext<EmailTemplate>()
  if (error) return <ListError what="email templates" />
  if (isPending)
    return <Skeleton variant="rounded" height={144} sx={{ m: 2 }} data-testid="templates-loading" />
  if (data.length === 0)
    return (
      <CardContent data-testid="templates-empty">
        <Typography color="text.secondary">No email templates yet.</Typography>
      </CardContent>
    )
  return (
    <List component="nav" aria-label="Email templates" disablePadding data-testid="template-list">
      {data.map((template) => (
        <ListItemButton
          key={template.id}
          selected={selectedId === template.id}
          onClick={() => onSelect(template.id)}
          divider
        >
          <ListItemText
            primary={template.name}
            secondary={`${typeLabel(template.template_type)} · ${languageLabel(template.language)}`}
            slotProps={{ primary: { sx: { fontWeight: 600 } } }}
          />
          {template.is_active ? (
            <Chip size="small" label="Active" color="success" sx={{ bgcolor: 'success.dark' }} />
          ) : null}
        </ListItemButton>
      ))}
    </List>
  )
}

/** The right side: the selected template, the new-template form, the edit form, or the hint. */
function TemplatePanel(props: {
  mode: Mode
  setMode: (mode: Mode) => void
  onSave: (draft: TemplateDraft) => Promise<Record<string, string> | undefined>
  onPreview: (draft: TemplateDraft) => void
  onActivate: (template: EmailTemplate) => void
  onDelete: (template: EmailTemplate) => void
}) {
  const { data } = useListContext<EmailTemplate>()
  const { mode, setMode } = props
  const selected =
    mode.kind === 'view' || mode.kind === 'edit' ? data?.find((t) => t.id === mode.id) : undefined
  if (mode.kind === 'create')
    return (
      <TemplateForm
        key="create"
        mode="create"
        initial={EMPTY_DRAFT}
        onSave={props.onSave}
        onPreview={props.onPreview}
        onCancel={() => setMode({ kind: 'none' })}
      />
    )
  if (mode.kind === 'edit' && selected)
    return (
      <TemplateForm
        key={`edit-${selected.id}`}
        mode="edit"
        initial={selected}
        typeLocked={selected.is_active}
        onSave={props.onSave}
        onPreview={props.onPreview}
        onCancel={() => setMode({ kind: 'view', id: selected.id })}
      />
    )
  if (selected)
    return (
      <TemplateView
        template={selected}
        onEdit={() => setMode({ kind: 'edit', id: selected.id })}
        onPreview={() => props.onPreview(selected)}
        onActivate={() => props.onActivate(selected)}
        onDelete={() => props.onDelete(selected)}
      />
    )
  const text = 'Choose a template on the left to view or edit it, or create a new one.'
  return (
    <EmptyCard
      icon={<MailIcon color="disabled" sx={{ fontSize: 48 }} />}
      title="Select a template"
      text={text}
    />
  )
}

/** /admin/email-templates: list on the left; view, edit or create on the right; preview modal. */
export default function EmailTemplatesPage() {
  const { toast, refresh, dataProvider, handleError } = useAdminTools()
  const [mode, setMode] = useState<Mode>({ kind: 'none' })
  const [preview, setPreview] = useState<{ subject: string; html: string } | null>(null)
  const [deleting, setDeleting] = useState<EmailTemplate | null>(null)

  const save = async (draft: TemplateDraft) => {
    const missing = {
      name: !draft.name?.trim(),
      subject: !draft.subject?.trim(),
      html_content: isBlank(draft.html_content ?? ''),
    }
    if (Object.values(missing).some(Boolean)) {
      toast.error('Please fill in all required fields')
      return Object.fromEntries(
        Object.entries(missing)
          .filter(([, blank]) => blank)
          .map(([field]) => [field, 'ra.validation.required'])
      )
    }
    const data = {
      template_type: draft.template_type,
      language: draft.language ?? 'en',
      name: draft.name,
      subject: draft.subject,
      html_content: draft.html_content,
    }
    try {
      if (mode.kind === 'edit') {
        await dataProvider.update('email-templates', {
          id: mode.id,
          data,
          previousData: { id: mode.id },
        })
        toast.success('Template updated successfully')
        setMode({ kind: 'view', id: mode.id })
      } else {
        const { data: template } = await dataProvider.create<EmailTemplate>('email-templates', {
          data,
        })
        toast.success('Template created successfully')
        setMode({ kind: 'view', id: template.id })
      }
      refresh()
    } catch (error) {
      const fieldErrors = submissionErrors(error)
      if (fieldErrors) return fieldErrors
      await handleError(error)
    }
    return undefined
  }

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
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '320px minmax(0, 1fr)' },
            alignItems: 'start',
          }}
        >
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
      <DeleteConfirm
        record={deleting}
        title="Delete email template"
        content={
          <DialogContentText component="div">
            <Stack spacing={1}>
              <span>Are you sure you want to delete the template "{deleting?.name}"?</span>
              {deleting?.is_active ? (
                <strong>
                  This is the active template of its type: activate another template of this type
                  first.
                </strong>
              ) : null}
            </Stack>
          </DialogContentText>
        }
        success="Template deleted successfully"
        onDeleted={() => setMode({ kind: 'none' })}
        onClose={() => setDeleting(null)}
      />
    </>
  )
}
