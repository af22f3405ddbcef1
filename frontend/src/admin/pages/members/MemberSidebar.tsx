import RoleIcon from '@mui/icons-material/FamilyRestroomOutlined'
import { ListSidebar } from '../../components/views/ListSidebar'
import { SidebarChoices } from '../../components/views/SidebarChoices'
import { ROLES } from './types'

/** The Members list's sidebar: saved views and the role (applied by the server). */
export const memberSidebar = (
  <ListSidebar>
    <SidebarChoices
      label="Role"
      icon={<RoleIcon />}
      source="role"
      choices={ROLES.map((role) => ({ id: role, name: role }))}
    />
  </ListSidebar>
)
