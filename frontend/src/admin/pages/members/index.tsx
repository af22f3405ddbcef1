import { ComingSoon } from '../../components/ComingSoon'

export default function MembersPage() {
  return <ComingSoon title="Members" />
}
