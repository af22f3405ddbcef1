import { ComingSoon } from '../../components/ComingSoon'

export default function ApiConfigsPage() {
  return <ComingSoon title="API Configs" />
}
