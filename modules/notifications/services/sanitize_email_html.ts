import sanitizeHtml from 'sanitize-html'

/** Layout and formatting attributes emails use; no event handler (on*) is ever allowed. */
const LAYOUT_ATTRIBUTES = ['style', 'class', 'align', 'valign', 'width', 'height', 'bgcolor', 'border', 'cellpadding', 'cellspacing', 'role', 'dir', 'lang', 'colspan', 'rowspan']

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'html', 'head', 'body', 'meta', 'title', 'img', 'center', 'font'],
  allowedAttributes: {
    '*': LAYOUT_ATTRIBUTES,
    'a': ['href', 'name', 'target', 'rel', 'title'],
    'img': ['src', 'alt', 'title', 'width', 'height'],
    'meta': ['charset', 'name', 'content', 'http-equiv'],
    'font': ['color', 'face', 'size'],
  },
  // No javascript:, data: or vbscript: URLs; {{placeholders}} stay usable inside href and src.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
}

/** Cleans an email template's HTML on save: no script, no event handlers, no javascript: URLs. */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim()
}
