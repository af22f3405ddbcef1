/**
 * The Stripe double with N charges in its ledger, in a process of its own so the
 * reconciliation's process is measured alone (its own bench row). Prints its port.
 */
import { StripeDouble } from '../../tests/helpers/stripe_double.js'

const count = Number(process.argv[2] ?? 100_000)
const created = Number(process.argv[3] ?? Math.floor(Date.now() / 1000) - 3600)
const double = new StripeDouble()
for (let i = 0; i < count; i++) {
  double.ledger.charges.push({
    id: `ch_bench_${i}`,
    object: 'charge',
    payment_intent: `pi_bench_${i}`,
    invoice: null,
    amount: 10_000 + (i % 5000),
    currency: 'eur',
    status: 'succeeded',
    refunded: false,
    created: created - Math.floor(i / 100),
  })
}
// The listing's starting_after looks ids up in this index, not by a scan.
await double.start()
process.stdout.write(`${double.port}\n`)
