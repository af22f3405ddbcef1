import { submissionErrors } from '../../components/formErrors'
import { useAdminTools } from '../../components/useAdminTools'
import type { PanelMode } from './TemplatePanel'
import type { EmailTemplate, TemplateDraft } from './types'

/** An editor's content with no text and no image. */
const isBlank = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === '' && !/<img/i.test(html)

/**
 * Saves the form's draft (created, or the edited template updated), then shows the saved template.
 * Returns the fields to mark: the empty required ones, or those the server refused.
 */
export function useTemplateSave(mode: PanelMode, setMode: (mode: PanelMode) => void) {
  const { toast, refresh, dataProvider, handleError } = useAdminTools()

  return async (draft: TemplateDraft) => {
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
}
