import { useGetList } from 'react-admin'
import UndoIcon from '@mui/icons-material/Undo'
import { formatCount } from '../../../common/format'
import { StatCard } from '../../components/StatCard'
import { adminPath } from '../../paths'

const COUNT_ONLY = {
  pagination: { page: 1, perPage: 1 },
  sort: { field: 'id', order: 'DESC' as const },
}

/**
 * Refunds and open card disputes: the totals of the Finance lists (Content-Range),
 * the refunds that went through and the disputes not decided yet; links to the refunds list.
 */
export function MoneyReturnedTile() {
  const refunds = useGetList(
    'finance/refunds',
    { ...COUNT_ONLY, filter: { status: 'succeeded' } },
    { retry: false }
  )
  const disputes = useGetList(
    'finance/disputes',
    { ...COUNT_ONLY, filter: { status: 'open' } },
    { retry: false }
  )
  const failed = refunds.error || disputes.error
  const openDisputes = disputes.total
  return (
    <StatCard
      label="Refunds"
      value={failed ? '–' : formatCount(refunds.total)}
      detail={
        failed
          ? 'Could not load'
          : openDisputes === undefined
            ? 'Open disputes: –'
            : `${formatCount(openDisputes)} open dispute${openDisputes === 1 ? '' : 's'}`
      }
      icon={<UndoIcon />}
      to={adminPath(openDisputes ? 'finance/disputes' : 'finance/refunds')}
      testId="tile-refunds"
      accent="warning.dark"
    />
  )
}
