import { crc32, createDeflateRaw } from 'node:zlib'

/*
| Hostile census files, generated in the tests: an XLSX "zip
| bomb" whose shared-strings part unpacks to far more than its size, and a
| CSV of one endless line.
*/

interface ZipPart {
  name: string
  /** Compressed (raw deflate) bytes. */
  data: Buffer
  crc: number
  size: number
}

async function deflatedPart(name: string, pieces: Iterable<Buffer>): Promise<ZipPart> {
  const deflate = createDeflateRaw({ level: 9 })
  const chunks: Buffer[] = []
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk))
  let crc = 0
  let size = 0
  for (const piece of pieces) {
    crc = crc32(piece, crc)
    size += piece.length
    if (!deflate.write(piece)) await new Promise((resolve) => deflate.once('drain', resolve))
  }
  const ended = new Promise((resolve) => deflate.once('end', resolve))
  deflate.end()
  await ended
  return { name, data: Buffer.concat(chunks), crc, size }
}

/** A zip archive (deflated parts); `declaredSize` lets a part lie about its unpacked size. */
function zipArchive(parts: ZipPart[], declaredSize: (part: ZipPart) => number): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const part of parts) {
    const name = Buffer.from(part.name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(8, 8)
    local.writeUInt32LE(part.crc >>> 0, 14)
    local.writeUInt32LE(part.data.length, 18)
    local.writeUInt32LE(declaredSize(part), 22)
    local.writeUInt16LE(name.length, 26)
    locals.push(local, name, part.data)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(8, 10)
    central.writeUInt32LE(part.crc >>> 0, 16)
    central.writeUInt32LE(part.data.length, 20)
    central.writeUInt32LE(declaredSize(part), 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, name)
    offset += local.length + name.length + part.data.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(parts.length, 8)
  end.writeUInt16LE(parts.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}

const WORKBOOK_PARTS: [string, string][] = [
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
  ],
  [
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ],
  [
    'xl/workbook.xml',
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Census" sheetId="1" r:id="rId1"/></sheets></workbook>',
  ],
  [
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
  ],
  [
    'xl/worksheets/sheet1.xml',
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row></sheetData></worksheet>',
  ],
]

/**
 * An XLSX whose shared-strings part holds `strings` entries (17 bytes
 * each unpacked; 8 million: 136 MB from about 140 KB). With `lying`, every
 * part declares an unpacked size of 1 KB, so only counting the bytes while
 * inflating finds out.
 */
export async function xlsxBomb(options: { strings: number; lying?: boolean }): Promise<Buffer> {
  const parts = await Promise.all(
    WORKBOOK_PARTS.map(([name, xml]) => deflatedPart(name, [Buffer.from(xml)]))
  )
  const item = Buffer.from('<si><t>a</t></si>')
  const perPiece = 60_000
  const piece = Buffer.concat(Array.from({ length: perPiece }, () => item))
  function* sharedStrings() {
    yield Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${options.strings}" uniqueCount="${options.strings}">`
    )
    for (let left = options.strings; left > 0; left -= perPiece)
      yield left >= perPiece ? piece : piece.subarray(0, left * item.length)
    yield Buffer.from('</sst>')
  }
  parts.push(await deflatedPart('xl/sharedStrings.xml', sharedStrings()))
  return zipArchive(parts, (part) => (options.lying ? 1024 : part.size))
}

/** A CSV whose header is followed by one line of `bytes` bytes and no line break. */
export function oneLineCsv(bytes: number): Buffer {
  return Buffer.concat([
    Buffer.from('Member ID,Name,Date of Birth,Role\n'),
    Buffer.alloc(bytes, 'x'),
  ])
}
