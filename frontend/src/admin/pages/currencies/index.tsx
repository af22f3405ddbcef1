import { Button } from '@mui/material'
import SyncIcon from '@mui/icons-material/Sync'
import { PageHeader } from '../../components/PageHeader'
import { CardList } from '../../components/list/CardList'
import { useAdminMutation } from '../../components/useAdminMutation'
import { useAdminData } from '../../dataProvider'
import { RatesStatus } from './RatesStatus'
import { CurrencyTable } from './CurrencyTable'

/** /admin/currencies: enabled flag and surcharge per currency, exchange rates and their refresh. */
function CurrencyList() {
  const dataProvider = useAdminData()
  const { mutate, isPending: refreshing } = useAdminMutation(
    () => dataProvider.refreshRates(),
    'Exchange rates refreshed successfully'
  )

  return (
    <>
      <PageHeader
        title="Currencies"
        subtitle="Currencies offered to members, their surcharge and the exchange rates (units per 1 USD)."
        back="migrations"
        actions={
          <Button
            variant="contained"
            startIcon={<SyncIcon />}
            onClick={() => mutate()}
            disabled={refreshing}
            data-testid="refresh-rates"
          >
            {refreshing ? 'Refreshing...' : 'Refresh Rates'}
          </Button>
        }
      />
      <CardList
        what="currencies"
        perPage={100}
        pagination={false}
        sort={{ field: 'id', order: 'ASC' }}
      >
        <RatesStatus />
        <CurrencyTable />
      </CardList>
    </>
  )
}

/** The currencies resource (/admin/currencies). */
export default { list: CurrencyList }
