import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The text of a PDF file, read back with poppler's pdftotext (layout kept, so table rows stay on one line). */
export async function pdfText(file: string) {
  const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-'])
  return stdout.replace(/\s+/g, ' ')
}

/** The text of a PDF held in memory (a receipt rendered in a test), through a scratch file. */
export async function pdfTextOf(pdf: Buffer) {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-'))
  try {
    await writeFile(join(dir, 'file.pdf'), pdf)
    return await pdfText(join(dir, 'file.pdf'))
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
