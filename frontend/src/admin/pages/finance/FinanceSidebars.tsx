import StatusIcon from '@mui/icons-material/FactCheckOutlined'
import OriginIcon from '@mui/icons-material/StorefrontOutlined'
import DateIcon from '@mui/icons-material/DateRangeOutlined'
import { ListSidebar } from '../../components/views/ListSidebar'
import { SidebarChoices } from '../../components/views/SidebarChoices'
import { dateRangeChoices } from '../../components/views/dateRanges'
import { DISPUTE_STATUS_CHOICES, ORIGIN_CHOICES, REFUND_STATUS_CHOICES } from './money'
import { DUNNING_STATUS_CHOICES } from './dunning'

/** The Refunds list's sidebar: saved views, status, origin and when it was made (server filters). */
export function RefundSidebar() {
  return (
    <ListSidebar>
      <SidebarChoices
        label="Status"
        icon={<StatusIcon />}
        source="status"
        choices={REFUND_STATUS_CHOICES}
      />
      <SidebarChoices
        label="Origin"
        icon={<OriginIcon />}
        source="origin"
        choices={ORIGIN_CHOICES}
      />
      <SidebarChoices
        label="Created"
        icon={<DateIcon />}
        source="from"
        choices={dateRangeChoices('from', 'to')}
      />
    </ListSidebar>
  )
}

/** The Disputes list's sidebar: saved views, status and when it was opened (server filters). */
export function DisputeSidebar() {
  return (
    <ListSidebar>
      <SidebarChoices
        label="Status"
        icon={<StatusIcon />}
        source="status"
        choices={[{ id: 'open', name: 'Open' }, ...DISPUTE_STATUS_CHOICES]}
      />
      <SidebarChoices
        label="Opened"
        icon={<DateIcon />}
        source="from"
        choices={dateRangeChoices('from', 'to')}
      />
    </ListSidebar>
  )
}

/** The Dunning list's sidebar: saved views and the case's status (server filter). */
export function DunningSidebar() {
  return (
    <ListSidebar>
      <SidebarChoices
        label="Status"
        icon={<StatusIcon />}
        source="status"
        choices={DUNNING_STATUS_CHOICES}
      />
    </ListSidebar>
  )
}
