import { useDataProvider, type DataProvider } from 'react-admin'
import { crudProvider } from './crud'
import { customMethods, type CustomMethods } from './custom'

export type AdminDataProvider = DataProvider & CustomMethods

/** The back-office's one dataProvider: CRUD per resource (resources.ts) and the spec's other calls (custom.ts). */
export const dataProvider: AdminDataProvider = { ...crudProvider, ...customMethods }

/** useDataProvider typed with the custom methods. */
export const useAdminData = () => useDataProvider<AdminDataProvider>()

export { toHttpError } from './httpClient'
