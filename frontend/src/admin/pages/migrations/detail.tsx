import { ComingSoon } from '../../components/ComingSoon'

export default function MigrationDetailPage() {
  return <ComingSoon title="Migration" />
}
