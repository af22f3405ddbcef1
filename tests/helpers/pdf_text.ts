import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

/** The text of a PDF file, read back with poppler's pdftotext (layout kept, so table rows stay on one line). */
export async function pdfText(file: string) {
  const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-'])
  return stdout.replace(/\s+/g, ' ')
}
