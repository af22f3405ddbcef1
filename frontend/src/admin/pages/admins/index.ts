import { AdminList } from './AdminList'

/** The admins resource (/admin/admins): list with create, edit, password and delete dialogs. */
export default { list: AdminList }
