import type { ApiAnswer } from '../../../common/api_contract'

export type ApiConfig = ApiAnswer<'/api/admin/api-configs', 'get'>[number]
