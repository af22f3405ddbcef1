import { Tab, Tabs } from '@mui/material'
import { Link } from 'react-router-dom'
import { adminPath } from '../../paths'

/** The Finance area's lists. */
export function FinanceTabs({ current }: { current: 'dunning' | 'refunds' | 'disputes' | 'reconciliation' }) {
  return (
    <Tabs value={current} aria-label="Finance lists" variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2 }}>
      <Tab value="dunning" label="Dunning" component={Link} to={adminPath('finance/dunning')} />
      <Tab value="refunds" label="Refunds" component={Link} to={adminPath('finance/refunds')} />
      <Tab value="disputes" label="Disputes" component={Link} to={adminPath('finance/disputes')} />
      <Tab value="reconciliation" label="Reconciliation" component={Link} to={adminPath('finance/reconciliation')} />
    </Tabs>
  )
}
