import StatusIcon from '@mui/icons-material/FactCheckOutlined'
import { ListSidebar } from '../../components/views/ListSidebar'
import { SidebarChoices } from '../../components/views/SidebarChoices'
import { STATUS_CHOICES } from './SubscriptionFilters'

/** The All tab's sidebar: saved views and the provider's status (applied by the server). */
export const subscriptionSidebar = (
  <ListSidebar>
    <SidebarChoices label="Status" icon={<StatusIcon />} source="status" choices={STATUS_CHOICES} />
  </ListSidebar>
)
