import { ApiConfigList } from './ApiConfigList'

/** The API configurations resource (/admin/api-configs). */
export default { list: ApiConfigList }
