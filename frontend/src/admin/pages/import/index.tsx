import { ComingSoon } from '../../components/ComingSoon'

export default function ImportPage() {
  return <ComingSoon title="Import Data" />
}
