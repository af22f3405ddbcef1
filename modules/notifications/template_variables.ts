/** The {{variables}} email templates may use, grouped as the Email Templates screen lists them. */
export const TEMPLATE_VARIABLES = {
  member: [
    { name: 'member_name', description: 'Full name of the principal member' },
    { name: 'member_email', description: 'Email address the member uses' },
    { name: 'member_id', description: 'Member ID from the census' },
    { name: 'date_of_birth', description: 'Date of birth' },
    { name: 'citizenship', description: 'Citizenship' },
    { name: 'residence_country', description: 'Country of residence' },
    { name: 'product_name', description: 'Product name' },
    { name: 'product_alias', description: 'Product alias (new product name)' },
    { name: 'plan_name', description: 'Plan name' },
    { name: 'sum_insured', description: 'Sum insured' },
    { name: 'final_premium', description: 'Previous annual premium' },
    { name: 'policy', description: 'Previous policy (product and plan)' },
    { name: 'policy_start_date', description: 'Previous policy start date' },
    { name: 'policy_end_date', description: 'Previous policy end date' },
  ],
  migration: [
    { name: 'migration_reference', description: 'Migration reference' },
    { name: 'migration_id', description: 'Migration ID' },
    { name: 'total_amount', description: 'Total amount of the new coverage' },
    { name: 'currency', description: 'Currency of the amounts' },
    {
      name: 'amount_today',
      description: 'Amount charged at checkout, formatted with its currency',
    },
    {
      name: 'payment_schedule',
      description: 'The payment plan: each installment with its amount and due date',
    },
    { name: 'duration_type', description: 'Duration type (6, 9, 12 months or fixed date)' },
    { name: 'duration_days', description: 'Duration in days' },
    { name: 'end_date', description: 'End date of the new coverage' },
    { name: 'member_count', description: 'Number of migrated members' },
    {
      name: 'members_covered',
      description: 'The number of migrated members in words with its plural ("2 members")',
    },
    { name: 'payment_frequency', description: 'Payment frequency' },
    { name: 'subscription_status', description: 'Subscription status' },
    { name: 'subscription_id', description: 'Subscription ID' },
    { name: 'days_remaining', description: 'Days of coverage remaining (cancellation alert)' },
    { name: 'cancelled_at', description: 'Date the subscription was cancelled' },
    {
      name: 'coverage_name',
      description: 'The one name of the new coverage: product (new product) – plan',
    },
    {
      name: 'consent_record',
      description: 'What the member accepted before paying: when, the text version and the words',
    },
    {
      name: 'documents_notice',
      description:
        'Confirmation only: a sentence saying the policy documents are attached, empty when none are',
    },
  ],
  system: [
    { name: 'current_date', description: 'Date the email is sent' },
    { name: 'frontend_url', description: 'Public address of the portal' },
    { name: 'secure_link', description: 'Secure login link (invitation emails)' },
    { name: 'link_expires_on', description: 'Expiry date of the secure link (invitation emails)' },
    {
      name: 'unknown_email',
      description:
        'Which email may or may not have been delivered: type, number and subject (unknown delivery alert)',
    },
    {
      name: 'unknown_recipient',
      description: 'To whom that email was being sent (unknown delivery alert)',
    },
    {
      name: 'unknown_since',
      description: 'When its stopped sender was found, UTC (unknown delivery alert)',
    },
  ],
  payment: [
    {
      name: 'pay_now_link',
      description:
        "Single-use secure link to the member area's payment (payment failed and reminder emails)",
    },
    {
      name: 'amount_due',
      description: 'Amount of the failed installment, formatted with its currency',
    },
    { name: 'failed_on', description: 'Date the installment failed' },
    {
      name: 'installment_count',
      description: 'Number of installments of the plan (payment failed email)',
    },
    {
      name: 'due_date',
      description: 'Due date of the failed installment in the schedule (payment failed email)',
    },
    { name: 'reminder_number', description: 'Which reminder this is (1, 2, …)' },
    { name: 'lapse_reason', description: 'Why the coverage lapsed (coverage lapsed alert)' },
    {
      name: 'insurer_notice',
      description: 'Whether the insurer was told of the lapse (coverage lapsed alert)',
    },
    {
      name: 'installment_number',
      description: 'Number of the paid installment (receipt) or of the failed one (payment failed)',
    },
    {
      name: 'amount_paid',
      description: 'Amount of the paid installment, formatted with its currency (receipt)',
    },
    { name: 'paid_on', description: 'Date the installment was paid (receipt)' },
    { name: 'card', description: 'Card charged: brand and last four digits (receipt)' },
    {
      name: 'credit_note_number',
      description: 'Number of the credit note, CN-2026-000001 (credit note)',
    },
    {
      name: 'refund_amount',
      description: 'Amount refunded, formatted with its currency (credit note)',
    },
    { name: 'refunded_on', description: 'Date the refund was made (credit note)' },
    {
      name: 'covered_until',
      description: 'Last day of cover of a cancelled coverage (coverage cancelled email)',
    },
    {
      name: 'refund_amount',
      description: 'Amount refunded on cancellation, formatted with its currency',
    },
    { name: 'cancellation_reason', description: 'Why the coverage was cancelled' },
    {
      name: 'money_event',
      description:
        'What the payment provider reported: a refund or a dispute and its amount (refund or dispute alert)',
    },
    {
      name: 'renewal_amount',
      description:
        "Today's price of renewing, formatted with its currency (renewal invitation: the member area's card)",
    },
    {
      name: 'renewal_start_date',
      description: 'Start of the renewed term: the end date (renewal invitation)',
    },
    { name: 'renewal_end_date', description: 'End of the renewed term (renewal invitation)' },
    {
      name: 'renewal_link',
      description: 'The member area, where Renew is (renewal invitation, coverage expired)',
    },
  ],
}

/** Sample values for the preview (admin-backoffice.md §3). */
export const PREVIEW_SAMPLE_VARIABLES: Record<string, string> = {
  member_name: 'John Smith',
  member_email: 'john.smith@example.com',
  member_id: 'MEM-123456',
  date_of_birth: '15.05.1985',
  citizenship: 'United Kingdom',
  residence_country: 'Germany',
  product_name: 'Global Health Gold',
  product_alias: 'Gold Plus 2027',
  plan_name: 'Gold',
  sum_insured: '1,000,000.00',
  final_premium: '2,400.00',
  policy: 'Global Health Gold - Gold',
  policy_start_date: '01.01.2025',
  policy_end_date: '31.12.2025',
  migration_reference: 'MIG-2025-000123',
  migration_id: '123',
  total_amount: '2,640.00',
  currency: 'EUR',
  amount_today: 'EUR 660.00',
  payment_schedule:
    'quarterly, 4 payments: EUR 660.00 on 01.01.2026 (paid today), EUR 660.00 on 01.04.2026, EUR 660.00 on 01.07.2026, EUR 660.00 on 01.10.2026',
  duration_type: '12_months',
  duration_days: '365',
  end_date: '31.12.2026',
  member_count: '3',
  members_covered: '3 members',
  payment_frequency: 'monthly',
  coverage_name: 'Global Health Gold (Gold Plus 2027) – Gold',
  consent_record:
    'On 01.01.2026 at 10:15 UTC you accepted (version conditions-2026-11): "I have read the policy conditions and the pre-contract information of Global Health Gold (Gold Plus 2027) – Gold and accept them. I may withdraw within 14 days of the first payment and get the whole amount back."',
  subscription_status: 'active',
  subscription_id: 'sub_1234567890',
  days_remaining: '180',
  cancelled_at: '30.06.2026',
  documents_notice: 'Your 3 policy documents are attached to this email.',
  current_date: '31.12.2025',
  frontend_url: 'https://portal.example.com',
  secure_link: 'https://portal.example.com/shop/login?token=sample-token',
  link_expires_on: '14.01.2026',
  pay_now_link: 'https://portal.example.com/shop/login?token=sample-token&next=pay',
  amount_due: 'EUR 660.00',
  failed_on: '01.04.2026',
  installment_count: '4',
  due_date: '01.04.2026',
  reminder_number: '1',
  lapse_reason:
    'The payment provider cancelled the subscription after failed payments: the coverage lapsed.',
  insurer_notice: 'The insurer was told through the cancellation call.',
  installment_number: '2',
  amount_paid: 'EUR 660.00',
  paid_on: '01.04.2026',
  card: 'Visa •••• 4242',
  credit_note_number: 'CN-2026-000001',
  refund_amount: 'EUR 100.00',
  refunded_on: '02.04.2026',
  unknown_email: 'migration confirmation #42 "Your migration MIG-2025-000123 is confirmed"',
  unknown_recipient: 'john.smith@example.com',
  unknown_since: '31.12.2025 10:15 UTC',
  renewal_amount: 'EUR 2,640.00',
  renewal_start_date: '31.12.2026',
  renewal_end_date: '31.12.2027',
  renewal_link: 'https://portal.example.com/shop/login',
}
