/**
 * The document template format: a JSON file under backend/templates/documents/
 * that lists blocks top to bottom. Texts may hold {{placeholders}}
 * (docs/fulfilment.md lists them). Human-editable on purpose.
 */
export type LayoutBlock =
  | { type: 'header' }
  | { type: 'title'; text: string }
  | { type: 'subtitle'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'fields'; title?: string; rows: [string, string][] }
  | { type: 'table'; title?: string; columns: string[]; widths?: number[]; rows: string[][] }
  | { type: 'note'; text: string }
  | { type: 'spacer'; size?: number }
  | { type: 'pageBreak' }

export interface DocumentLayout {
  /** Used in the file name and the PDF metadata. */
  title: string
  /** Footer on every page. */
  footer?: string
  blocks: LayoutBlock[]
}

const BLOCK_TYPES = new Set([
  'header',
  'title',
  'subtitle',
  'paragraph',
  'fields',
  'table',
  'note',
  'spacer',
  'pageBreak',
])

/** Checks a parsed template file; throws with a message naming the first problem. */
export function assertLayout(value: any, file: string): asserts value is DocumentLayout {
  if (!value || typeof value.title !== 'string' || !Array.isArray(value.blocks)) {
    throw new Error(`Template ${file}: needs a "title" and a "blocks" list`)
  }
  value.blocks.forEach((block: any, index: number) => {
    if (!block || !BLOCK_TYPES.has(block.type))
      throw new Error(`Template ${file}: block ${index + 1} has an unknown type`)
  })
}
