import { useDataProvider, type DataProvider } from 'react-admin'
import { crudProvider } from './crud'
import { customMethods, type CustomMethods } from './custom'
import { withFinance } from './finance'

export type AdminDataProvider = DataProvider & CustomMethods

/** The back-office's one dataProvider: CRUD per resource (resources.ts), the spec's other calls (custom.ts), the Finance area's plain REST (finance.ts). */
export const dataProvider: AdminDataProvider = withFinance({ ...crudProvider, ...customMethods })

/** useDataProvider typed with the custom methods. */
export const useAdminData = () => useDataProvider<AdminDataProvider>()

export { toHttpError } from './httpClient'
