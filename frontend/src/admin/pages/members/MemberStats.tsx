import { useQuery } from '@tanstack/react-query'
import { Box } from '@mui/material'
import PeopleIcon from '@mui/icons-material/PeopleAltOutlined'
import PersonIcon from '@mui/icons-material/PersonOutlined'
import FamilyIcon from '@mui/icons-material/FamilyRestroomOutlined'
import ActiveIcon from '@mui/icons-material/CheckCircleOutlined'
import MailIcon from '@mui/icons-material/MailOutlined'
import ProductIcon from '@mui/icons-material/Inventory2Outlined'
import { formatCount } from '../../../common/format'
import { StatCard } from '../../components/StatCard'
import { useAdminData } from '../../dataProvider'
import type { MemberStats as MemberFigures } from './types'

/** The six figures above the members table: label, figure, icon, accent, test id. */
const STATS: [string, keyof MemberFigures, typeof PeopleIcon, string, string][] = [
  ['Total Members', 'total_members', PeopleIcon, 'primary.main', 'stat-total-members'],
  ['Principals', 'principals_count', PersonIcon, '#5c6bc0', 'stat-principals'],
  ['Dependents', 'dependents_count', FamilyIcon, '#8e24aa', 'stat-dependents'],
  ['Active', 'active_members', ActiveIcon, 'success.main', 'stat-active'],
  ['With Email', 'members_with_email', MailIcon, 'info.main', 'stat-with-email'],
  ['Unique Products', 'unique_products', ProductIcon, 'warning.main', 'stat-products'],
]

/** The members' figures; react-admin's refresh reloads them with the list. */
export function MemberStats() {
  const dataProvider = useAdminData()
  // A stats failure is not shown (admin-backoffice.md §8).
  const { data: stats } = useQuery({
    queryKey: ['members', 'stats'],
    queryFn: async () => (await dataProvider.memberStats()).stats,
    retry: false,
  })
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        mb: 3,
        gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)', xl: 'repeat(6, 1fr)' },
      }}
    >
      {STATS.map(([label, figure, Icon, accent, testId]) => (
        <StatCard
          key={label}
          label={label}
          value={formatCount(stats?.[figure])}
          icon={<Icon />}
          accent={accent}
          testId={testId}
        />
      ))}
    </Box>
  )
}
