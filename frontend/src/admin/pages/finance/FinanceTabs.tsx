import { Tab, Tabs } from '@mui/material'
import { Link } from 'react-router-dom'
import { adminPath } from '../../paths'

/** The Finance area's lists. */
export function FinanceTabs({ current }: { current: 'dunning' | 'refunds' | 'disputes' | 'reconciliation' }) {
  return (
    // Four tabs fit a 390 px phone when they are only as wide as their words.
    <Tabs value={current} aria-label="Finance lists" sx={{ mb: 2, '& .MuiTab-root': { minWidth: 0, px: { xs: 0.5, sm: 2 } } }}>
      <Tab value="dunning" label="Dunning" component={Link} to={adminPath('finance/dunning')} />
      <Tab value="refunds" label="Refunds" component={Link} to={adminPath('finance/refunds')} />
      <Tab value="disputes" label="Disputes" component={Link} to={adminPath('finance/disputes')} />
      <Tab value="reconciliation" label="Reconciliation" component={Link} to={adminPath('finance/reconciliation')} />
    </Tabs>
  )
}
