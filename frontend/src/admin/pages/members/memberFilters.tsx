import { SearchInput } from 'react-admin'
import { ChoiceFilter } from '../../components/list/ChoiceFilter'
import { ROLES } from './types'

/** The members' search, always shown. */
export const memberFilters = [
  <SearchInput
    key="search"
    source="search"
    alwaysOn
    placeholder="Search by name, member ID, email or unique ID..."
    sx={{ width: { xs: '100%', sm: 420 } }}
    slotProps={{ htmlInput: { 'data-testid': 'members-search', 'aria-label': 'Search members' } }}
  />,
]

/** The members' role filter. */
export const memberRoleFilter = (
  <ChoiceFilter
    source="role"
    label="Role"
    allLabel="All Roles"
    choices={ROLES.map((role) => ({ id: role, name: role }))}
    testId="members-role-filter"
    minWidth={180}
  />
)
