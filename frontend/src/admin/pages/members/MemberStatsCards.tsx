import { Grid } from '@mui/material'
import PeopleIcon from '@mui/icons-material/PeopleAltOutlined'
import PersonIcon from '@mui/icons-material/PersonOutlined'
import FamilyIcon from '@mui/icons-material/FamilyRestroomOutlined'
import ActiveIcon from '@mui/icons-material/CheckCircleOutlined'
import MailIcon from '@mui/icons-material/MailOutlined'
import ProductIcon from '@mui/icons-material/Inventory2Outlined'
import { StatCard } from '../../components/StatCard'
import type { MemberStats } from './types'

const number = (value: number | undefined) => (value === undefined ? '–' : value.toLocaleString('en-US'))

/** The six figures above the members table. */
export function MemberStatsCards({ stats }: { stats: MemberStats | null }) {
  const cards = [
    { label: 'Total Members', value: stats?.total_members, icon: <PeopleIcon />, accent: 'primary.main', testId: 'stat-total-members' },
    { label: 'Principals', value: stats?.principals_count, icon: <PersonIcon />, accent: '#5c6bc0', testId: 'stat-principals' },
    { label: 'Dependents', value: stats?.dependents_count, icon: <FamilyIcon />, accent: '#8e24aa', testId: 'stat-dependents' },
    { label: 'Active', value: stats?.active_members, icon: <ActiveIcon />, accent: 'success.main', testId: 'stat-active' },
    { label: 'With Email', value: stats?.members_with_email, icon: <MailIcon />, accent: 'info.main', testId: 'stat-with-email' },
    { label: 'Unique Products', value: stats?.unique_products, icon: <ProductIcon />, accent: 'warning.main', testId: 'stat-products' },
  ]
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      {cards.map((card) => (
        <Grid key={card.label} size={{ xs: 6, md: 4, xl: 2 }}>
          <StatCard label={card.label} value={number(card.value)} icon={card.icon} accent={card.accent} testId={card.testId} />
        </Grid>
      ))}
    </Grid>
  )
}
