import { DataTable } from 'react-admin'
import { formatDate, formatMoney } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import { StatusBadge } from '../../components/StatusBadge'
import { memberCell } from '../../components/MemberCells'
import { bodyWithRowTestId, ListEmpty } from '../../components/list/ListStates'
import { CardList } from '../../components/list/CardList'
import { ListExport } from '../../components/list/ListExport'
import { adminPath } from '../../paths'
import { SubscriptionDetails } from './SubscriptionDetails'
import { SubscriptionFilters } from './SubscriptionFilters'
import { subscriptionSidebar } from './SubscriptionSidebar'
import { detailsHeader, ExpandButton, ReviewCell } from './SubscriptionCells'
import { TABS, type SubscriptionRow, type TabName } from './types'

const EMPTY_TEXTS = {
  all: 'No subscriptions found',
  early: 'No early cancellations',
  problematic: 'No problematic subscriptions',
}

const Col = DataTable.Col<SubscriptionRow>
const SubscriptionBody = bodyWithRowTestId('subscription-row')

/** One tab's list: rows open their migration, expand to the schedule and payments. */
export function SubscriptionTable({ tab }: { tab: TabName }) {
  const { dateFormat } = useFormatting()
  const early = tab === 'early'
  return (
    <CardList
      resource={TABS[tab]}
      what="subscriptions"
      // Only the All tab has its page, sort and filters in the URL; the other tabs are short, whole lists.
      disableSyncWithLocation={tab !== 'all'}
      storeKey={`subscriptions.${tab}`}
      toolbar={<ListExport what="subscriptions" />}
      perPage={50}
      component="div"
      aside={tab === 'all' ? subscriptionSidebar : undefined}
      // The table scrolls sideways inside the card on narrow windows instead of widening the filters.
      sx={{ '& .RaList-main, & .RaList-content': { minWidth: 0 } }}
    >
      {tab === 'all' ? <SubscriptionFilters /> : null}
      <DataTable
        bulkActionButtons={false}
        body={SubscriptionBody}
        expand={<SubscriptionDetails />}
        expandSingle
        rowClick={(_id, _resource, record) => adminPath(`migrations/${record.migration_id}`)}
        empty={<ListEmpty text={EMPTY_TEXTS[tab]} testId="subscriptions-empty" />}
        sx={{
          '& th, & td': { px: 1 },
          '& .RaDataTable-expandHeader, & .RaDataTable-expandIconCell': { display: 'none' },
        }}
      >
        <Col
          label={detailsHeader}
          disableSort
          render={() => <ExpandButton resource={TABS[tab]} />}
          cellSx={() => ({ width: 48 })}
        />
        <Col
          source="migration_reference"
          label="Reference"
          cellSx={() => ({ fontFamily: 'monospace', whiteSpace: 'nowrap' })}
        />
        <Col source="insured_full_name" label="Member" render={memberCell} />
        <Col
          source="status"
          label="Status"
          render={(row) => (
            <StatusBadge
              status={row.never_started ? 'not_started' : row.status}
              testId="subscription-status"
            />
          )}
        />
        <Col
          source="payment_frequency"
          label="Frequency"
          cellSx={() => ({ textTransform: 'capitalize' })}
        />
        <Col
          source="subscription_amount"
          label="Installment"
          align="right"
          render={(row) => formatMoney(row.subscription_amount, row.currency)}
        />
        {/* A checkout that never started has no contract value and no period (docs/backoffice.md). */}
        <Col
          source="total_amount_usd"
          label="Total (USD)"
          align="right"
          render={(row) => (row.never_started ? '—' : formatMoney(row.total_amount_usd, 'USD'))}
        />
        {early ? (
          <Col
            source="cancelled_at"
            label="Cancelled"
            render={(row) => formatDate(row.cancelled_at, dateFormat) || '—'}
          />
        ) : (
          <Col
            source="current_period_end"
            label="Period End"
            render={(row) =>
              row.never_started
                ? 'Never started'
                : formatDate(row.current_period_end, dateFormat) || '—'
            }
          />
        )}
        {early ? (
          <Col label="Remaining / Review" disableSort render={() => <ReviewCell />} />
        ) : null}
      </DataTable>
    </CardList>
  )
}
