import { call } from '../httpClient'
import { query } from '../crud'
import type { ApiAnswer, ApiBody } from '../../../common/api_contract'

/** The saved views of the lists, the signed-in administrator's own (kept on the server). */
export const viewMethods = {
  savedViews: (resource: string) =>
    call<ApiAnswer<'/api/admin/saved-views', 'get'>>(
      'GET',
      `/admin/saved-views${query({ resource })}`
    ),
  saveView: (view: ApiBody<'/api/admin/saved-views', 'post'>) =>
    call<ApiAnswer<'/api/admin/saved-views', 'post'>>('POST', '/admin/saved-views', view),
  deleteSavedView: (id: number) =>
    call<ApiAnswer<'/api/admin/saved-views/{id}', 'delete'>>('DELETE', `/admin/saved-views/${id}`),
}
