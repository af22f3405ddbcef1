import { ComingSoon } from '../../components/ComingSoon'

export default function EmailTemplatesPage() {
  return <ComingSoon title="Email Templates" />
}
