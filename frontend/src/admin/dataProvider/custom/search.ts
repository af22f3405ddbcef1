import { call } from '../httpClient'
import { query } from '../crud'
import type { ApiAnswer } from '../../../common/api_contract'

export type SearchAnswer = ApiAnswer<'/api/admin/search', 'get'>

/** The app bar's search across members, migrations, Finance's provider ids and notes. */
export const searchMethods = {
  globalSearch: (q: string) => call<SearchAnswer>('GET', `/admin/search${query({ q })}`),
}
