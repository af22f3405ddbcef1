import { Tab, Tabs } from '@mui/material'
import { Link } from 'react-router-dom'
import { adminPath } from '../../paths'

/** The Finance area's lists. */
export function FinanceTabs({
  current,
}: {
  current: 'dunning' | 'refunds' | 'disputes' | 'reconciliation'
}) {
  return (
    // Four tabs fit a 390 px phone (358 px of content) only as wide as their words, in their own
    // case (upper case took 440 px). The same size at every width: the tab indicator is placed
    // for the tab row it measured, and a row that changed size with the window left it outside.
    <Tabs
      value={current}
      aria-label="Finance lists"
      sx={{
        'mb': 2,
        '& .MuiTab-root': { minWidth: 0, px: 1, fontSize: '0.8125rem', textTransform: 'none' },
      }}
    >
      <Tab value="dunning" label="Dunning" component={Link} to={adminPath('finance/dunning')} />
      <Tab value="refunds" label="Refunds" component={Link} to={adminPath('finance/refunds')} />
      <Tab value="disputes" label="Disputes" component={Link} to={adminPath('finance/disputes')} />
      <Tab
        value="reconciliation"
        label="Reconciliation"
        component={Link}
        to={adminPath('finance/reconciliation')}
      />
    </Tabs>
  )
}
