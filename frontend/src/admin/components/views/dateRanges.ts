/** `YYYY-MM-DD` of a local day. */
const day = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`

/**
 * Date-range choices for a sidebar section over two day filters (`from` first day, `to` last day),
 * computed from today: Today, Last 7 days, Last 30 days, This year.
 */
export function dateRangeChoices(from: string, to: string, now = new Date()) {
  const daysAgo = (days: number) =>
    day(new Date(now.getFullYear(), now.getMonth(), now.getDate() - days))
  const today = day(now)
  const range = (id: string, name: string, start: string) => ({
    id,
    name,
    value: { [from]: start, [to]: today },
  })
  return [
    range('today', 'Today', today),
    range('7d', 'Last 7 days', daysAgo(6)),
    range('30d', 'Last 30 days', daysAgo(29)),
    range('year', 'This year', `${now.getFullYear()}-01-01`),
  ]
}
