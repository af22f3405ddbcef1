import type { AxisValueFormatterContext } from '@mui/x-charts/models'
import { formatMoney } from '../../../../common/format'

export const STATUS_COLOURS: Record<string, string> = {
  completed: '#15803d',
  completed_with_warnings: '#b45309',
  pending: '#4f46e5',
  processing: '#0369a1',
  failed: '#b91c1c',
}
export const statusLabel = (status: string) =>
  status.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase())
const COMPACT = new Intl.NumberFormat('en-US', { notation: 'compact' })
/** Amount ticks in short form (USD 2K): whole amounts do not fit a phone's axis (cut to "USD…"); full amounts elsewhere. */
export const usdAxis = (value: number, { location }: AxisValueFormatterContext) =>
  location === 'tick' ? `USD ${COMPACT.format(value)}` : formatMoney(value, 'USD')
