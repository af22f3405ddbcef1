import { catalogueMethods } from './custom/catalogue'
import { dashboardMethods } from './custom/dashboard'
import { dataMethods } from './custom/data'
import { exportMethods } from './custom/exports'
import { memberBulkMethods } from './custom/memberBulk'
import { migrationMethods } from './custom/migrations'
import { noteMethods } from './custom/notes'
import { peopleMethods } from './custom/people'
import { searchMethods } from './custom/search'
import { settingsMethods } from './custom/settings'
import { viewMethods } from './custom/views'

/**
 * The spec's calls that are not a resource's CRUD (admin-backoffice.md §7), named after what they
 * do, one file per domain in custom/. Screens reach them with `useDataProvider()` + react-query,
 * never with fetch.
 */
export const customMethods = {
  ...dashboardMethods,
  ...migrationMethods,
  ...noteMethods,
  ...searchMethods,
  ...peopleMethods,
  ...memberBulkMethods,
  ...catalogueMethods,
  ...settingsMethods,
  ...dataMethods,
  ...exportMethods,
  ...viewMethods,
}

export type CustomMethods = typeof customMethods
