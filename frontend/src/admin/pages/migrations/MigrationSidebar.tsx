import StatusIcon from '@mui/icons-material/FactCheckOutlined'
import EventIcon from '@mui/icons-material/EventRepeatOutlined'
import DateIcon from '@mui/icons-material/DateRangeOutlined'
import { ListSidebar } from '../../components/views/ListSidebar'
import { SidebarChoices } from '../../components/views/SidebarChoices'
import { dateRangeChoices } from '../../components/views/dateRanges'
import { STATUS_CHOICES, TERM_CHOICES } from './migrationFilters'

/** The Migrations Dashboard's sidebar: saved views, status, term and creation day (the server applies them). */
export const migrationSidebar = (
  <ListSidebar>
    <SidebarChoices label="Status" icon={<StatusIcon />} source="status" choices={STATUS_CHOICES} />
    <SidebarChoices label="Term" icon={<EventIcon />} source="term" choices={TERM_CHOICES} />
    <SidebarChoices
      label="Created"
      icon={<DateIcon />}
      source="from"
      choices={dateRangeChoices('from', 'to')}
    />
  </ListSidebar>
)
