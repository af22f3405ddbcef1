import { ComingSoon } from '../../components/ComingSoon'

export default function UnmigratedUsersPage() {
  return <ComingSoon title="Unmigrated Users" />
}
