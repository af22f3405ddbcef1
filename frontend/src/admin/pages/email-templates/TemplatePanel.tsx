import { useListContext } from 'react-admin'
import MailIcon from '@mui/icons-material/MailOutlined'
import { EmptyCard } from '../../components/EmptyCard'
import { TemplateForm } from './TemplateForm'
import { TemplateView } from './TemplateView'
import type { EmailTemplate, TemplateDraft } from './types'

/** What the right side shows: nothing chosen, a template, its edit form, or the new-template form. */
export type PanelMode =
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

/** The right side: the selected template, the new-template form, the edit form, or the hint. */
export function TemplatePanel(props: {
  mode: PanelMode
  setMode: (mode: PanelMode) => void
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
