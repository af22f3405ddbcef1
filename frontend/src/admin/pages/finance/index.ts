import { DunningList } from './DunningList'
import { DunningShow } from './DunningShow'
import { ReconciliationList } from './ReconciliationList'
import { ReconciliationShow } from './ReconciliationShow'
import { RefundList } from './RefundList'
import { DisputeList } from './DisputeList'
import { DisputeShow, RefundShow } from './MoneyShows'

/** The Finance area's resources (/admin/finance/…), served by ra-data-simple-rest. */
export default {
  dunning: { list: DunningList, show: DunningShow },
  reconciliation: { list: ReconciliationList, show: ReconciliationShow },
  refunds: { list: RefundList, show: RefundShow },
  disputes: { list: DisputeList, show: DisputeShow },
}
