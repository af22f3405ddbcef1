import { DunningList } from './DunningList'
import { DunningShow } from './DunningShow'

/** The Finance area's resources (/admin/finance/…), served by ra-data-simple-rest. */
export default { dunning: { list: DunningList, show: DunningShow } }
