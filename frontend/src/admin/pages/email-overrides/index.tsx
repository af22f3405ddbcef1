import { ComingSoon } from '../../components/ComingSoon'

export default function EmailOverridesPage() {
  return <ComingSoon title="Email Overrides" />
}
