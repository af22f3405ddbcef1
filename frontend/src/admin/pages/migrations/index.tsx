import { ComingSoon } from '../../components/ComingSoon'

export default function MigrationsPage() {
  return <ComingSoon title="Migrations Dashboard" />
}
