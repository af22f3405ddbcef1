import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Box } from '@mui/material'
import AutorenewIcon from '@mui/icons-material/Autorenew'
import EventBusyIcon from '@mui/icons-material/EventBusy'
import ReportProblemIcon from '@mui/icons-material/ReportProblemOutlined'
import ListAltIcon from '@mui/icons-material/ListAlt'
import { formatMoney } from '../../../common/format'
import { StatCard } from '../../components/StatCard'
import { useAdminData } from '../../dataProvider'

/** The four figures above the tabs; nothing until they are known. */
export function SubscriptionStats() {
  const dataProvider = useAdminData()
  const { data: stats } = useQuery({
    queryKey: ['subscriptions', 'stats'],
    queryFn: async () => (await dataProvider.subscriptionStats()).stats,
    retry: false,
  })
  if (!stats) return null
  const cards: [string, number, ReactNode, ReactNode, string, string?][] = [
    [
      'Active Subscriptions',
      stats.active_count,
      `${formatMoney(stats.active_total_value, 'USD')} contract value`,
      <AutorenewIcon />,
      'stat-active',
      'success.main',
    ],
    [
      'Early Cancellations',
      stats.early_cancellation_count,
      `${formatMoney(stats.early_cancellation_value, 'USD')} contract value`,
      <EventBusyIcon />,
      'stat-early',
      'warning.main',
    ],
    [
      'Unpaid',
      stats.unpaid_count,
      'Past due or unpaid',
      <ReportProblemIcon />,
      'stat-unpaid',
      'error.main',
    ],
    [
      'Total Subscriptions',
      stats.total_subscriptions,
      'All statuses',
      <ListAltIcon />,
      'stat-total',
    ],
  ]
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        mb: 3,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, 1fr)' },
      }}
    >
      {cards.map(([label, value, detail, icon, testId, accent]) => (
        <StatCard
          key={testId}
          label={label}
          value={value}
          detail={detail}
          icon={icon}
          testId={testId}
          accent={accent}
        />
      ))}
    </Box>
  )
}
