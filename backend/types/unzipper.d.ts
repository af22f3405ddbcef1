/** The part of unzipper (exceljs's own zip reader) the census XLSX guard uses: the central directory and each entry's stream. */
declare module 'unzipper' {
  interface Entry {
    path: string
    type: 'File' | 'Directory'
    uncompressedSize: number
    stream(): import('node:stream').Readable
  }
  export const Open: { file(path: string): Promise<{ files: Entry[] }> }
}
