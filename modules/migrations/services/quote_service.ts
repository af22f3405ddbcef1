import type { Member } from '#modules/members/index'
import { quoteMigration, type Quote } from '#modules/pricing/index'
import { loadQuoteInput, type QuoteRequest } from './pricing_inputs.js'

export type { QuoteRequest }

/** Prices a selection of the principal's family; the server is the only source of amounts. */
export async function quoteFor(
  principal: Member,
  request: QuoteRequest,
  options: { startOn?: string } = {}
): Promise<{ quote: Quote; members: Member[] }> {
  const { input, members } = await loadQuoteInput(principal, request, options)
  return { quote: quoteMigration(input), members }
}
