import createDOMPurify from 'dompurify'

/**
 * Stored template HTML goes through here before it is written into the
 * editor's live DOM: innerHTML would otherwise obey a <meta http-equiv=refresh>
 * (navigating the admin away), load an <iframe> or lay a fixed overlay over the
 * page. The server sanitises again on save and on every send.
 */
const purifier = createDOMPurify(window)

/** CSS properties with which an element can leave its place in the editor. */
const POSITIONING = /^\s*(position|top|right|bottom|left|inset|z-index|transform)\s*:/i

purifier.addHook('uponSanitizeAttribute', (_node, data) => {
  if (data.attrName !== 'style') return
  data.attrValue = data.attrValue
    .split(';')
    .filter(
      (declaration) =>
        !POSITIONING.test(declaration) && !/url\s*\(|expression\s*\(/i.test(declaration)
    )
    .join(';')
})

export function sanitizeEditorHtml(html: string): string {
  return purifier.sanitize(html, {
    FORBID_TAGS: [
      'meta',
      'base',
      'link',
      'style',
      'form',
      'iframe',
      'frame',
      'object',
      'embed',
      'svg',
      'math',
    ],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\{\{|\/|#|[^:]*$)/i,
  })
}
