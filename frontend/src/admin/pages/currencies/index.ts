import { CurrencyList } from './CurrencyList'

/** The currencies resource (/admin/currencies). */
export default { list: CurrencyList }
