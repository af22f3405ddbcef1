import { sanitizeEmailHtml } from './sanitize_email_html.js'

export type TemplateVariables = Record<string, string | number | null | undefined>

const PLACEHOLDER = /\{\{\s*([a-zA-Z0-9_]+)\s*\}\}/g

function escapeHtml(value: string) {
  return value.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!
  )
}

/**
 * Fills {{name}} placeholders. In HTML every value is escaped, so a member's
 * name can never inject markup; unknown placeholders become empty. The
 * result is sanitised again: filling can complete what the stored HTML only
 * hinted at (`href="{{nope}}javascript:…"` becomes `javascript:…`).
 */
export function renderHtml(template: string, variables: TemplateVariables) {
  return sanitizeEmailHtml(
    template.replace(PLACEHOLDER, (_match, name: string) =>
      escapeHtml(String(variables[name] ?? ''))
    )
  )
}

/** Subjects are plain text: values are inserted as they are, line breaks removed (no header injection). */
export function renderSubject(template: string, variables: TemplateVariables) {
  return template
    .replace(PLACEHOLDER, (_match, name: string) => String(variables[name] ?? ''))
    .replace(/[\r\n]+/g, ' ')
    .trim()
}
