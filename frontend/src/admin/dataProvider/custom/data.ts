import { call, downloadFile } from '../httpClient'
import { query } from '../crud'
import type { ApiAnswer } from '../../../common/api_contract'

/** Import Data: the census preview and import, the database's figures and its clean. */
export const dataMethods = {
  databaseStats: () => call<ApiAnswer<'/api/admin/data/stats', 'get'>>('GET', '/admin/data/stats'),
  /** Starts the clean: answered when done, or while it still runs (then follow cleanStatus). */
  cleanDatabase: (confirmation: string) =>
    call<ApiAnswer<'/api/admin/data/clean', 'post'>>('POST', '/admin/data/clean', { confirmation }),
  cleanStatus: () => call<ApiAnswer<'/api/admin/data/clean', 'get'>>('GET', '/admin/data/clean'),
  /** The census preview; `mapping` names the file column for census columns the file lacks ({ "Member ID": "Policy Holder No" }). */
  previewImport: (file: File, mapping?: Record<string, string>) => {
    const form = new FormData()
    form.append('file', file)
    if (mapping && Object.keys(mapping).length > 0) form.append('mapping', JSON.stringify(mapping))
    return call<ApiAnswer<'/api/admin/data/preview', 'post'>>('POST', '/admin/data/preview', form)
  },
  /** The preview's skipped rows as a CSV file (the file's columns, Row, Reason). */
  previewErrorsFile: (cacheKey: string) =>
    downloadFile(`/admin/data/preview-errors${query({ cacheKey })}`),
  confirmImport: (cacheKey: string) =>
    call<ApiAnswer<'/api/admin/data/confirm-import', 'post'>>(
      'POST',
      '/admin/data/confirm-import',
      { cacheKey }
    ),
}
