import { Open } from 'unzipper'
import { CensusLimitError } from './csv_guard.js'
import {
  MAX_XLSX_SHARED_STRINGS,
  MAX_XLSX_SHARED_STRINGS_BYTES,
  MAX_XLSX_UNPACKED_BYTES,
  XLSX_TOO_LARGE,
  XLSX_TOO_MANY_STRINGS,
} from './limits.js'

const SHARED_STRINGS = /(^|\/)sharedStrings\.xml$/i
/** An opening <si> tag, with or without a namespace prefix. */
const STRING_ITEM = /<(?:\w+:)?si[\s>]/g

/**
 * Checks an XLSX archive against the unpacking budget before exceljs reads
 * it (exceljs caches the shared-strings part whole and would follow a
 * "zip bomb" to the end). First the sizes the central directory declares,
 * then every part is inflated as a stream and its real bytes counted (a
 * crafted archive may declare less than it holds), stopping at the first
 * byte over the budget; the shared strings are counted on the way.
 * Throws CensusLimitError.
 */
export async function checkXlsxBudget(path: string) {
  const entries = (await Open.file(path)).files.filter((entry) => entry.type === 'File')
  const declared = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0)
  if (declared > MAX_XLSX_UNPACKED_BYTES) throw new CensusLimitError(XLSX_TOO_LARGE)
  if (
    entries.some(
      (entry) =>
        SHARED_STRINGS.test(entry.path) && entry.uncompressedSize > MAX_XLSX_SHARED_STRINGS_BYTES
    )
  ) {
    throw new CensusLimitError(XLSX_TOO_MANY_STRINGS)
  }
  let unpacked = 0
  for (const entry of entries) {
    const shared = SHARED_STRINGS.test(entry.path)
    const stream = entry.stream()
    let partBytes = 0
    let strings = 0
    let tail = ''
    try {
      for await (const chunk of stream) {
        unpacked += chunk.length
        partBytes += chunk.length
        if (unpacked > MAX_XLSX_UNPACKED_BYTES) throw new CensusLimitError(XLSX_TOO_LARGE)
        if (!shared) continue
        if (partBytes > MAX_XLSX_SHARED_STRINGS_BYTES)
          throw new CensusLimitError(XLSX_TOO_MANY_STRINGS)
        // A tag cut between two chunks is found in the carried tail (no tag is that long).
        const text = tail + chunk.toString('latin1')
        strings += text.match(STRING_ITEM)?.length ?? 0
        tail = text.slice(-16)
        strings -= tail.match(STRING_ITEM)?.length ?? 0
        if (strings > MAX_XLSX_SHARED_STRINGS) throw new CensusLimitError(XLSX_TOO_MANY_STRINGS)
      }
      if (strings + (tail.match(STRING_ITEM)?.length ?? 0) > MAX_XLSX_SHARED_STRINGS)
        throw new CensusLimitError(XLSX_TOO_MANY_STRINGS)
    } finally {
      stream.destroy()
    }
  }
}
