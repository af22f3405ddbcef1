import { MigrationList } from './MigrationList'
import MigrationShow from './MigrationShow'

/** The migrations resource: the list and the detail page (/admin/migrations/{id}). */
export default { list: MigrationList, show: MigrationShow }
