import EntityIcon from '@mui/icons-material/CategoryOutlined'
import DateIcon from '@mui/icons-material/DateRangeOutlined'
import { ListSidebar } from '../components/views/ListSidebar'
import { SidebarChoices } from '../components/views/SidebarChoices'
import { dateRangeChoices } from '../components/views/dateRanges'
import { ENTITY_TYPES, fieldLabel } from './auditText'

/** The audit log's sidebar: saved views, what was changed and when (the server applies both). */
export function AuditSidebar() {
  return (
    <ListSidebar>
      <SidebarChoices
        label="When"
        icon={<DateIcon />}
        source="from"
        choices={dateRangeChoices('from', 'to')}
      />
      <SidebarChoices
        label="Entity"
        icon={<EntityIcon />}
        source="entityType"
        choices={ENTITY_TYPES.map((type) => ({ id: type, name: fieldLabel(type) }))}
      />
    </ListSidebar>
  )
}
