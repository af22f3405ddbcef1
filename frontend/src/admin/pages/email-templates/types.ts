export interface EmailTemplate {
  id: number
  template_type: string
  name: string
  subject: string
  html_content: string
  is_active: boolean
  updated_at: string | null
}

export type TemplateDraft = Pick<EmailTemplate, 'template_type' | 'name' | 'subject' | 'html_content'>

export interface TemplateVariable {
  name: string
  description: string
}

export const TEMPLATE_TYPES: { value: string; label: string }[] = [
  { value: 'migration_confirmation', label: 'Migration confirmation' },
  { value: 'admin_notification', label: 'Admin notification' },
  { value: 'cancellation_alert', label: 'Cancellation alert' },
  { value: 'migration_invitation', label: 'Migration invitation' },
]

export const typeLabel = (type: string) => TEMPLATE_TYPES.find((t) => t.value === type)?.label ?? type.replace(/_/g, ' ')
