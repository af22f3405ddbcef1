import { Box } from '@mui/material'
import SwapHorizIcon from '@mui/icons-material/SwapHoriz'
import PeopleIcon from '@mui/icons-material/PeopleAlt'
import AutorenewIcon from '@mui/icons-material/Autorenew'
import PaymentsIcon from '@mui/icons-material/Payments'
import BlockIcon from '@mui/icons-material/Block'
import { formatCount, formatMoney } from '../../../common/format'
import { StatCard } from '../../components/StatCard'
import { MoneyReturnedTile } from './MoneyReturnedTile'
import type { DashboardStats } from './types'
import { adminPath } from '../../paths'

const GRID = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
}

/** The dashboard's figure tiles: migrations, members, subscriptions, revenue, disabled products, refunds. */
export function StatsStrip({ stats }: { stats: DashboardStats }) {
  const { migrations, members, subscriptions, products } = stats
  return (
    <Box sx={GRID}>
      <StatCard
        label="Total Migrations"
        value={formatCount(migrations.total)}
        detail={`${formatCount(migrations.completedToday)} completed today`}
        icon={<SwapHorizIcon />}
        to={adminPath('migrations')}
        testId="tile-migrations"
      />
      <StatCard
        label="Total Members"
        value={formatCount(members.total)}
        detail={`${formatCount(members.principals)} principals`}
        icon={<PeopleIcon />}
        to={adminPath('members')}
        testId="tile-members"
        accent="secondary.main"
      />
      <StatCard
        label="Active Subscriptions"
        value={formatCount(subscriptions.active)}
        detail={
          subscriptions.earlyCancellations > 0 ? (
            <Box component="span" sx={{ color: '#9a3412' }} data-testid="tile-at-risk">
              {formatCount(subscriptions.earlyCancellations)} at risk
            </Box>
          ) : (
            'Recurring payments'
          )
        }
        icon={<AutorenewIcon />}
        to={adminPath('subscriptions')}
        testId="tile-subscriptions"
        accent="info.main"
      />
      <StatCard
        label="Monthly Revenue"
        value={formatMoney(subscriptions.monthlyRevenue, 'USD')}
        detail="Recurring"
        icon={<PaymentsIcon />}
        to={adminPath('subscriptions')}
        testId="tile-monthly-revenue"
        accent="success.main"
      />
      <StatCard
        label="Disabled Products"
        value={formatCount(products.disabled)}
        detail={`${formatCount(members.withDisabledProducts)} member${members.withDisabledProducts === 1 ? '' : 's'} affected`}
        icon={<BlockIcon />}
        to={adminPath('products')}
        testId="tile-disabled-products"
        accent="error.main"
      />
      <MoneyReturnedTile />
    </Box>
  )
}
