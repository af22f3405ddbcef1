/** Census uploads: the types and the size the spec allows (admin-backoffice.md §9). */
export const CENSUS_EXTENSIONS = ['csv', 'xlsx', 'xls']
export const MAX_UPLOAD = '50mb'
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024
