import { ComingSoon } from '../../components/ComingSoon'

export default function CurrenciesPage() {
  return <ComingSoon title="Currencies" />
}
