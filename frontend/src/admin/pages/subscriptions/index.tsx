import { ComingSoon } from '../../components/ComingSoon'

export default function SubscriptionsPage() {
  return <ComingSoon title="Subscriptions" />
}
