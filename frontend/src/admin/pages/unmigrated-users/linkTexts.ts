import type { LinkScope } from './useSecureLinks'

/** `one` for 1, else `many` with {n} replaced by the number. */
export const plural = (n: number, one: string, many: string) =>
  n === 1 ? one : many.replace('{n}', String(n))

/** What Generate Links will do: how many links, for whom, and what happens to earlier links. */
export interface LinkPlan {
  count: number
  selected: boolean
  scope: LinkScope
}

export function generateLinksText({ count, selected }: LinkPlan) {
  const whom = selected ? 'selected' : 'listed'
  return `${plural(count, '1 new secure link will be issued', '{n} new secure links will be issued')}, one for each ${whom} member without a valid link (members with a valid link and blocked members are skipped). Existing links of ${plural(count, 'this member', 'these members')} will stop working, including links already sent by email.`
}
