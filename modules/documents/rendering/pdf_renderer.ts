import PDFDocument from 'pdfkit'
import type { Branding } from '#modules/settings/index'
import { translator } from '#modules/shared/index'
import type { DocumentLayout, LayoutBlock } from './layout_types.js'

type Doc = InstanceType<typeof PDFDocument>
type Variables = Record<string, string>

const MARGIN = 56
const TEXT = '#1f2937'
const MUTED = '#6b7280'
const RULE = '#e5e7eb'

/** Fills {{placeholders}} of a layout text (plain text: PDFs need no escaping). */
function fill(text: string, variables: Variables) {
  return text.replace(/\{\{\s*([a-zA-Z0-9_]+)\s*\}\}/g, (_m, name: string) => variables[name] ?? '')
}

/** Renders a layout to a PDF buffer, in the brand's colours, with the brand logo when there is one. */
export async function renderPdf(
  layout: DocumentLayout,
  variables: Variables,
  branding: Branding,
  logo: Buffer | null = null,
  /** The language of the built-in words (the page numbers); the layout brings its own. */
  language: string = 'en'
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: fill(layout.title, variables), Author: branding.brandName },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })

  for (const block of layout.blocks) drawBlock(doc, block, variables, branding, logo)
  if (layout.footer) drawFooters(doc, fill(layout.footer, variables), language)
  doc.end()
  return done
}

function drawBlock(
  doc: Doc,
  block: LayoutBlock,
  v: Variables,
  branding: Branding,
  logo: Buffer | null
) {
  const width = doc.page.width - MARGIN * 2
  switch (block.type) {
    case 'header': {
      doc.rect(0, 0, doc.page.width, 88).fill(branding.primaryColor)
      doc
        .fillColor('#ffffff')
        .font('Helvetica-Bold')
        .fontSize(20)
        .text(branding.brandName, MARGIN, 26, { width })
      doc.font('Helvetica').fontSize(10).text(branding.tagline, MARGIN, 54, { width })
      if (logo) drawLogo(doc, logo)
      doc.fillColor(TEXT).text('', MARGIN, 112)
      return
    }
    case 'title':
      doc
        .font('Helvetica-Bold')
        .fontSize(18)
        .fillColor(branding.primaryColor)
        .text(fill(block.text, v), MARGIN, undefined, { width })
      doc.moveDown(0.4)
      return
    case 'subtitle':
      doc
        .font('Helvetica-Bold')
        .fontSize(12)
        .fillColor(TEXT)
        .text(fill(block.text, v), MARGIN, undefined, { width })
      doc.moveDown(0.3)
      return
    case 'paragraph':
      doc
        .font('Helvetica')
        .fontSize(10.5)
        .fillColor(TEXT)
        .text(fill(block.text, v), MARGIN, undefined, { width, lineGap: 3 })
      doc.moveDown(0.8)
      return
    case 'note':
      doc
        .font('Helvetica-Oblique')
        .fontSize(9)
        .fillColor(MUTED)
        .text(fill(block.text, v), MARGIN, undefined, { width, lineGap: 2 })
      doc.moveDown(0.8)
      return
    case 'spacer':
      doc.moveDown(block.size ?? 1)
      return
    case 'pageBreak':
      doc.addPage()
      return
    case 'fields':
      return drawTable(doc, block.title, ['', ''], [0.4, 0.6], block.rows, v, branding, false)
    case 'table':
      return drawTable(doc, block.title, block.columns, block.widths, block.rows, v, branding, true)
  }
}

/** The logo at the right of the brand band; bytes pdfkit cannot read are left out, not fatal. */
function drawLogo(doc: Doc, logo: Buffer) {
  try {
    doc.image(logo, doc.page.width - MARGIN - 140, 14, {
      fit: [140, 60],
      align: 'right',
      valign: 'center',
    })
  } catch {
    // Not a PNG or JPEG pdfkit understands: the band keeps the brand name alone.
  }
}

/** A ruled table; `withHead` draws the column titles on a brand-coloured band. */
function drawTable(
  doc: Doc,
  title: string | undefined,
  columns: string[],
  widths: number[] | undefined,
  rows: string[][],
  v: Variables,
  branding: Branding,
  withHead: boolean
) {
  const width = doc.page.width - MARGIN * 2
  const fractions = widths ?? columns.map(() => 1 / columns.length)
  const columnWidths = fractions.map((fraction) => fraction * width)
  if (title) {
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(TEXT)
      .text(fill(title, v), MARGIN, undefined, { width })
    doc.moveDown(0.3)
  }
  const drawRow = (cells: string[], head: boolean) => {
    doc.font(head ? 'Helvetica-Bold' : 'Helvetica').fontSize(10)
    const texts = cells.map((cell) => fill(cell, v))
    const height =
      Math.max(
        ...texts.map((text, i) => doc.heightOfString(text, { width: columnWidths[i] - 12 }))
      ) + 10
    if (doc.y + height > doc.page.height - MARGIN - 30) doc.addPage()
    const top = doc.y
    if (head) doc.rect(MARGIN, top, width, height).fill(branding.primaryColor)
    let x = MARGIN
    texts.forEach((text, i) => {
      const bold = !head && !withHead && i === 0
      doc.font(head || bold ? 'Helvetica-Bold' : 'Helvetica').fillColor(head ? '#ffffff' : TEXT)
      doc.text(text, x + 6, top + 5, { width: columnWidths[i] - 12 })
      x += columnWidths[i]
    })
    doc
      .moveTo(MARGIN, top + height)
      .lineTo(MARGIN + width, top + height)
      .strokeColor(RULE)
      .lineWidth(0.7)
      .stroke()
    doc.x = MARGIN
    doc.y = top + height
  }
  if (withHead) drawRow(columns, true)
  for (const row of rows) drawRow(row, false)
  doc.moveDown(1)
}

function drawFooters(doc: Doc, text: string, language: string) {
  const i18n = translator(language)
  const range = doc.bufferedPageRange()
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i)
    const bottom = doc.page.height - 36
    // Writing below the bottom margin must not add a page.
    const margin = doc.page.margins.bottom
    doc.page.margins.bottom = 0
    doc.font('Helvetica').fontSize(8).fillColor(MUTED)
    const footer = i18n.t('documents.page_footer', {
      footer: text,
      page: i + 1,
      pages: range.count,
    })
    doc.text(footer, MARGIN, bottom, {
      width: doc.page.width - MARGIN * 2,
      align: 'center',
      lineBreak: false,
    })
    doc.page.margins.bottom = margin
  }
}
