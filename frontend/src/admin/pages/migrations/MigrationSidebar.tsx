import StatusIcon from '@mui/icons-material/FactCheckOutlined'
import EventIcon from '@mui/icons-material/EventRepeatOutlined'
import { ListSidebar } from '../../components/views/ListSidebar'
import { SidebarChoices } from '../../components/views/SidebarChoices'
import { STATUS_CHOICES, TERM_CHOICES } from './migrationFilters'

/** The Migrations Dashboard's sidebar: saved views, status and term (the server applies both). */
export const migrationSidebar = (
  <ListSidebar>
    <SidebarChoices label="Status" icon={<StatusIcon />} source="status" choices={STATUS_CHOICES} />
    <SidebarChoices label="Term" icon={<EventIcon />} source="term" choices={TERM_CHOICES} />
  </ListSidebar>
)
