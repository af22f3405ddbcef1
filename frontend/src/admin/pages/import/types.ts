import type { ApiAnswer } from '../../../common/api_contract'

/** The census preview, its records, the import's result and the statistics, as the API contract documents them. */
export type ImportPreview = ApiAnswer<'/api/admin/data/preview', 'post'>['preview']
export type ImportRecord = ImportPreview['sampleRecords'][number]
export type ImportResult = ApiAnswer<'/api/admin/data/confirm-import', 'post'>
export type DatabaseStats = ApiAnswer<'/api/admin/data/stats', 'get'>['stats']

/** The preview's answer when required columns are missing: the mapping step's question. */
export interface ColumnsQuestion {
  missingColumns: string[]
  fileColumns: string[]
}

/** A Clean Database run and its progress (the server deletes in batches; docs/people.md). */
export type CleanRun = NonNullable<ApiAnswer<'/api/admin/data/clean', 'get'>['clean']>
