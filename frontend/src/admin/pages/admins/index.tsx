import { ComingSoon } from '../../components/ComingSoon'

export default function AdminsPage() {
  return <ComingSoon title="Admins" />
}
