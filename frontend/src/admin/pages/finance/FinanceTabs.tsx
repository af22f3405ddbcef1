import { Tab, Tabs } from '@mui/material'
import { Link } from 'react-router-dom'
import { adminPath } from '../../paths'

/** The Finance area's lists (refunds and disputes come with the cancellation work). */
export function FinanceTabs({ current }: { current: 'dunning' | 'reconciliation' }) {
  return (
    <Tabs value={current} aria-label="Finance lists" sx={{ mb: 2 }}>
      <Tab value="dunning" label="Dunning" component={Link} to={adminPath('finance/dunning')} />
      <Tab value="reconciliation" label="Reconciliation" component={Link} to={adminPath('finance/reconciliation')} />
    </Tabs>
  )
}
