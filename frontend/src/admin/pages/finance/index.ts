import { DunningList } from './DunningList'
import { DunningShow } from './DunningShow'
import { ReconciliationList } from './ReconciliationList'
import { ReconciliationShow } from './ReconciliationShow'

/** The Finance area's resources (/admin/finance/…), served by ra-data-simple-rest. */
export default { dunning: { list: DunningList, show: DunningShow }, reconciliation: { list: ReconciliationList, show: ReconciliationShow } }
