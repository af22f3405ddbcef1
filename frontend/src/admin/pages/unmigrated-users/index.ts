import { UnmigratedUserList } from './UnmigratedUserList'

/** /admin/unmigrated-users: the list with its links, invitations and exports. */
export default UnmigratedUserList
