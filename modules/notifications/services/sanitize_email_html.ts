import sanitizeHtml from 'sanitize-html'

/** Layout and formatting attributes emails use; no event handler (on*) is ever allowed. */
const LAYOUT_ATTRIBUTES = [
  'style',
  'class',
  'align',
  'valign',
  'width',
  'height',
  'bgcolor',
  'border',
  'cellpadding',
  'cellspacing',
  'role',
  'dir',
  'lang',
  'colspan',
  'rowspan',
]

/** The only link schemes an email may carry. */
const ALLOWED_SCHEMES = ['http', 'https', 'mailto']
const PLACEHOLDER = /\{\{\s*[a-zA-Z0-9_]*\s*\}\}/g
const SCHEME = /^\s*([a-z][a-z0-9+.-]*)\s*:/i

/** Any CSS value but one that loads or computes something (url(), expression(), @import). */
const PLAIN_CSS_VALUE = [/^(?!.*(?:url\s*\(|expression\s*\(|@import|javascript:)).*$/i]
/**
 * Formatting properties only: no position, top/left, z-index or transform,
 * with which a template could lay an overlay over the page it is shown in.
 */
const ALLOWED_STYLES = Object.fromEntries(
  [
    'color',
    'background-color',
    'font',
    'font-family',
    'font-size',
    'font-style',
    'font-weight',
    'text-align',
    'text-decoration',
    'text-transform',
    'line-height',
    'letter-spacing',
    'white-space',
    'vertical-align',
    'margin',
    'margin-top',
    'margin-right',
    'margin-bottom',
    'margin-left',
    'padding',
    'padding-top',
    'padding-right',
    'padding-bottom',
    'padding-left',
    'border',
    'border-top',
    'border-right',
    'border-bottom',
    'border-left',
    'border-color',
    'border-style',
    'border-width',
    'border-radius',
    'border-collapse',
    'border-spacing',
    'width',
    'max-width',
    'min-width',
    'height',
    'max-height',
    'min-height',
    'display',
    'list-style',
    'list-style-type',
    'table-layout',
    'word-break',
    'overflow-wrap',
    'text-indent',
    // Outlook's button helpers, written by the react-email default templates.
    'mso-font-width',
    'mso-padding-alt',
    'mso-text-raise',
  ].map((property) => [property, PLAIN_CSS_VALUE])
)

/**
 * A URL a {{placeholder}} could turn into another scheme once filled is
 * judged with its placeholders removed: "{{nope}}javascript:…" is javascript:.
 */
function withSafeUrl(attribute: 'href' | 'src'): sanitizeHtml.Transformer {
  return (tagName, attribs) => {
    const scheme = SCHEME.exec((attribs[attribute] ?? '').replace(PLACEHOLDER, ''))?.[1]
    if (scheme && !ALLOWED_SCHEMES.includes(scheme.toLowerCase())) {
      const { [attribute]: _dropped, ...rest } = attribs
      return { tagName, attribs: rest }
    }
    return { tagName, attribs }
  }
}

const OPTIONS: sanitizeHtml.IOptions = {
  // No meta (a refresh navigates whoever opens the template), script, style, base, form or iframe.
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags,
    'html',
    'head',
    'body',
    'title',
    'img',
    'center',
    'font',
  ],
  allowedAttributes: {
    '*': LAYOUT_ATTRIBUTES,
    'a': ['href', 'name', 'target', 'rel', 'title'],
    'img': ['src', 'alt', 'title', 'width', 'height'],
    'font': ['color', 'face', 'size'],
  },
  allowedStyles: { '*': ALLOWED_STYLES },
  // No javascript:, data: or vbscript: URLs; {{placeholders}} stay usable inside href and src.
  allowedSchemes: ALLOWED_SCHEMES,
  allowProtocolRelative: false,
  transformTags: { a: withSafeUrl('href'), img: withSafeUrl('src') },
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
}

/**
 * The allow-list every email HTML goes through: on save (what is stored) and
 * again after the variables are filled (what is sent or previewed). No meta,
 * script or event handler; http, https and mailto links only; formatting
 * styles only.
 */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim()
}
