import { MemberList } from './MemberList'

/** The members resource (/admin/members): list with stats, details, create/edit, block and delete dialogs. */
export default { list: MemberList }
