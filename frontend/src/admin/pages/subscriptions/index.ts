import { SubscriptionList } from './SubscriptionList'

/** /admin/subscriptions: the list with its tabs (rows open the migration detail). */
export default SubscriptionList
