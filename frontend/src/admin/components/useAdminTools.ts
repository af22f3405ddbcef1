import { useRefresh } from 'react-admin'
import { useFormatting } from '../../common/formatting'
import { useToast } from '../../common/toast'
import { useAdminData } from '../dataProvider'
import { useAdminErrorHandler, useSessionEnded } from './adminErrors'

/**
 * What a back-office screen works with: the typed dataProvider, toasts, react-admin's refresh (every
 * query reloads), the shared error handler, the session check of a failure and the DATE_FORMAT setting.
 */
export function useAdminTools() {
  return {
    dataProvider: useAdminData(),
    toast: useToast(),
    refresh: useRefresh(),
    handleError: useAdminErrorHandler(),
    sessionEnded: useSessionEnded(),
    dateFormat: useFormatting().dateFormat,
  }
}
