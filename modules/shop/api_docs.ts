import { Type, type Static } from '@sinclair/typebox'
import {
  documentRoutes,
  Nullable,
  InstallmentSchedule,
  SubscriptionFrequency,
} from '#modules/api_contract/index'
import {
  calculateValidator,
  cardUpdateValidator,
  consentValidator,
  createMigrationValidator,
  memberLanguageValidator,
  productDocumentKindValidator,
  routeIdValidator,
  updateEmailValidator,
} from './validators.js'
import { DURATION_TYPES, PAYMENT_FREQUENCIES } from '#modules/pricing/index'

/** The selection's words on the wire, as the validators take them (the shop switches on them). */
const DurationType = Type.Union(DURATION_TYPES.map((type) => Type.Literal(type)))
const PaymentFrequency = Type.Union(PAYMENT_FREQUENCIES.map((frequency) => Type.Literal(frequency)))

const Calculation = Type.Object(
  {
    memberId: Nullable(Type.Number()),
    memberName: Nullable(Type.String()),
    calculatedPremium: Type.Number(),
    annualPremium: Type.Number(),
  },
  { $id: 'Calculation' }
)
type Calculation = Static<typeof Calculation>

/** A member as the shop shows them: the signed-in principal and each member of the family alike. */
const ShopMember = Type.Object(
  {
    id: Type.Number(),
    member_id: Nullable(Type.String()),
    insured_full_name: Type.String(),
    date_of_birth: Nullable(Type.String()),
    email: Nullable(Type.String()),
    personal_email: Nullable(Type.String()),
    original_email: Nullable(Type.String()),
    requiresPersonalEmail: Type.Boolean(),
    plan_name: Nullable(Type.String()),
    product_name: Nullable(Type.String()),
    product_alias: Nullable(Type.String()),
    sum_insured: Nullable(Type.Number()),
    final_premium: Nullable(Type.Number()),
    premium_currency: Nullable(Type.String()),
    policy_end_date: Nullable(Type.String()),
    insured_role: Type.String(),
  },
  { $id: 'ShopMember' }
)

export const CurrenciesEnabledAnswer = Type.Object({
  success: Type.Boolean(),
  currencies: Type.Array(
    Type.Object({
      id: Type.Number(),
      code: Type.String(),
      symbol: Type.String(),
      name: Type.String(),
    })
  ),
})
export type CurrenciesEnabledAnswer = Static<typeof CurrenciesEnabledAnswer>

export const MemberDetailsAnswer = Type.Object({
  success: Type.Boolean(),
  member: ShopMember,
  relatedMembers: Type.Array(ShopMember),
})
export type MemberDetailsAnswer = Static<typeof MemberDetailsAnswer>

export const MemberMigrationStatusAnswer = Type.Object({
  success: Type.Boolean(),
  blocked: Type.Boolean(),
  reason: Nullable(Type.String()),
  reasonCode: Nullable(Type.String()),
})
export type MemberMigrationStatusAnswer = Static<typeof MemberMigrationStatusAnswer>

export const MemberPaymentFrequenciesAnswer = Type.Object({
  success: Type.Boolean(),
  enforceFixedEndDate: Type.Boolean(),
  fixedEndDate: Nullable(Type.String()),
  fixedStartDate: Nullable(Type.String()),
  startDate: Type.String(),
  durations: Type.Array(
    Type.Object({
      durationType: DurationType,
      startDate: Type.String(),
      endDate: Type.String(),
      durationDays: Type.Number(),
      months: Type.Number(),
      offeredFrequencies: Type.Array(PaymentFrequency),
    })
  ),
  frequencies: SubscriptionFrequency,
})
export type MemberPaymentFrequenciesAnswer = Static<typeof MemberPaymentFrequenciesAnswer>

export const MemberUpdateEmailAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  member: ShopMember,
  relatedMembers: Type.Array(ShopMember),
})
export type MemberUpdateEmailAnswer = Static<typeof MemberUpdateEmailAnswer>

export const MemberLanguageAnswer = Type.Object({
  success: Type.Boolean(),
  language: Type.Union([Type.Literal('en'), Type.Literal('de'), Type.Literal('fr')], {
    description: "The member's language of the shop, its emails and its PDFs",
  }),
})
export type MemberLanguageAnswer = Static<typeof MemberLanguageAnswer>

export const MigrationCalculateAnswer = Type.Object({
  success: Type.Boolean(),
  calculations: Type.Array(Calculation),
  currency: Type.String(),
  durationType: DurationType,
  durationDays: Type.Number(),
  startDate: Type.String(),
  endDate: Type.String(),
  totalAmount: Type.Number(),
  paymentFrequency: PaymentFrequency,
  subscriptionAmount: Type.Number(),
  numberOfPayments: Type.Number(),
  installmentSchedule: Type.Array(InstallmentSchedule),
  exchangeRate: Type.Number(),
  surchargePercentage: Type.Number(),
})
export type MigrationCalculateAnswer = Static<typeof MigrationCalculateAnswer>

const ConsentTerms = Type.Object(
  {
    textVersion: Type.String(),
    text: Type.String({ description: 'The words the member accepts before paying' }),
  },
  { $id: 'ConsentTerms' }
)

export const MigrationCreateAnswer = Type.Object({
  success: Type.Boolean(),
  calculations: Type.Array(Calculation),
  currency: Type.String(),
  durationType: DurationType,
  durationDays: Type.Number(),
  startDate: Type.String(),
  endDate: Type.String(),
  totalAmount: Type.Number(),
  paymentFrequency: PaymentFrequency,
  subscriptionAmount: Type.Number(),
  numberOfPayments: Type.Number(),
  installmentSchedule: Type.Array(InstallmentSchedule),
  exchangeRate: Type.Number(),
  surchargePercentage: Type.Number(),
  clientSecret: Nullable(Type.String(), {
    description:
      "Stripe: null until the consent is recorded (POST /migration/{id}/consent answers it); the sandbox's own id",
  }),
  consentTerms: ConsentTerms,
  migrationId: Type.Number(),
  migrationReference: Type.String(),
  paymentType: Type.String(),
  provider: Type.String(),
})
export type MigrationCreateAnswer = Static<typeof MigrationCreateAnswer>

export const MemberCoverageAnswer = Type.Object({
  success: Type.Literal(true),
  coverageName: Type.String({
    description: 'The one name of the new coverage (docs/shop.md, "Coverage name")',
  }),
  limitCurrency: Type.String({
    description:
      'The currency the insurer set the limits in: the census premium currency, never converted',
  }),
  overallLimit: Nullable(Type.Number(), {
    description: 'Overall annual limit (sum insured), in limitCurrency',
  }),
  coolingOffDays: Type.Integer(),
  previousCoverage: Type.Object({
    productName: Nullable(Type.String()),
    planName: Nullable(Type.String()),
    policyEndDate: Nullable(Type.String()),
  }),
  documents: Type.Array(Type.Union([Type.Literal('conditions'), Type.Literal('pre_contract')]), {
    description: 'Product documents uploaded: GET /member/product-documents/{kind}',
  }),
})
export type MemberCoverageAnswer = Static<typeof MemberCoverageAnswer>

export const MigrationConsentAnswer = Type.Object({
  success: Type.Literal(true),
  consent: Type.Object({
    textVersion: Type.String(),
    language: Type.String(),
    acceptedAt: Type.String({ description: 'ISO time in UTC' }),
    text: Type.String({ description: 'The words accepted, as shown' }),
  }),
  clientSecret: Type.String({ description: "The payment's secret for the card form" }),
})
export type MigrationConsentAnswer = Static<typeof MigrationConsentAnswer>

export const MigrationSandboxConfirmAnswer = Type.Object({
  success: Type.Boolean(),
  migrationId: Nullable(Type.Number()),
  migrationReference: Type.String(),
  status: Type.String(),
})
export type MigrationSandboxConfirmAnswer = Static<typeof MigrationSandboxConfirmAnswer>

export const MigrationShowAnswer = Type.Object({
  success: Type.Boolean(),
  migration: Type.Object({
    migrationId: Type.Number(),
    migrationReference: Type.String(),
    status: Type.String(),
    paymentStatus: Type.String(),
    currency: Type.String(),
    totalAmount: Type.Number(),
    paymentFrequency: PaymentFrequency,
  }),
})
export type MigrationShowAnswer = Static<typeof MigrationShowAnswer>

export const PaymentsConfigAnswer = Type.Object({
  success: Type.Boolean(),
  provider: Type.String(),
  publishableKey: Nullable(Type.String()),
})
export type PaymentsConfigAnswer = Static<typeof PaymentsConfigAnswer>

export const MemberAreaAnswer = Type.Object({
  success: Type.Boolean(),
  migration: Type.Union([
    Type.Object({
      id: Type.Number(),
      reference: Type.String(),
      status: Type.String(),
      currency: Type.String(),
      startDate: Type.String(),
      endDate: Type.String(),
      paymentFrequency: PaymentFrequency,
      totalAmount: Type.Number(),
      members: Type.Array(
        Type.Object({
          name: Type.String(),
          memberId: Nullable(Type.String()),
          role: Type.String(),
          premium: Type.Number(),
        })
      ),
    }),
    Type.Null(),
  ]),
  recurring: Type.Boolean(),
  cardUpdatedAt: Nullable(Type.String()),
  card: Type.Union(
    [
      Type.Object({
        brand: Type.String({
          description: 'Card brand as the payment provider reports it (visa, mastercard, …)',
        }),
        last4: Type.String({ description: 'Last four digits' }),
        label: Type.String({ description: 'Brand and last four in words, e.g. "Visa •••• 4242"' }),
      }),
      Type.Null(),
    ],
    {
      description:
        'The card the plan is charged to (from the provider, recorded with the latest paid installment); null before any',
    }
  ),
  canPayNow: Type.Boolean(),
  schedule: Type.Array(
    Type.Object({
      paymentNumber: Type.Number(),
      amount: Type.Number(),
      dueDate: Type.String(),
      isReconciliation: Type.Boolean(),
      status: Type.Union([
        Type.Literal('paid'),
        Type.Literal('due'),
        Type.Literal('failed'),
        Type.Literal('cancelled'),
      ]),
      receiptId: Nullable(Type.Number(), {
        description:
          'Paid installments: the id to download its receipt PDF (GET /api/member/receipts/{id})',
      }),
    })
  ),
  documents: Type.Array(
    Type.Object({
      id: Type.Number(),
      fileName: Type.String(),
      memberName: Nullable(Type.String()),
    })
  ),
  creditNotes: Type.Array(
    Type.Object({
      id: Type.Number({ description: 'Download: GET /api/member/credit-notes/{id}' }),
      number: Type.String({ description: 'Numbered without gaps per year, e.g. CN-2026-000042' }),
      amount: Type.Number({ description: 'The refunded amount, in the currency' }),
      currency: Type.String(),
      issuedAt: Type.String({ format: 'date-time' }),
    }),
    { description: 'A credit note for every refund of the migration, oldest first' }
  ),
  documentsState: Type.Union([
    Type.Literal('preparing'),
    Type.Literal('ready'),
    Type.Literal('partial'),
    Type.Literal('skipped'),
    Type.Literal('failed'),
    Type.Null(),
  ]),
})
export type MemberAreaAnswer = Static<typeof MemberAreaAnswer>

const DataRows = (description: string) =>
  Type.Array(Type.Record(Type.String(), Type.Unknown()), { description })
const MemberDataAnswer = Type.Object({
  success: Type.Boolean(),
  data: Type.Object({
    generated_at: Type.String(),
    members: DataRows('The principal first, then the dependants: details as held'),
    migration_blocks: DataRows('Holds put on the family'),
    migrations: DataRows('Each migration with its members, installments and consents (texts)'),
    payments: DataRows('Payments of the migrations'),
    refunds: DataRows('Refunds of those payments'),
    cancellations: DataRows('Cancellations and withdrawals'),
    documents: DataRows('Stored documents: name and download link'),
    emails: DataRows('Emails sent or queued to the family'),
    email_overrides: DataRows('Addresses an administrator set for their emails, with the notes'),
    insurer_calls: DataRows('Calls that told the insurer about them: what was sent and answered'),
    sign_ins: DataRows('Signed-in devices'),
    secure_links: DataRows('Secure sign-in links issued'),
    history: DataRows('Audit entries about their records: when, what, by whom in kind'),
  }),
})
export type MemberDataAnswer = Static<typeof MemberDataAnswer>

export const MemberCardSetupAnswer = Type.Object({
  success: Type.Boolean(),
  provider: Type.String(),
  clientSecret: Nullable(Type.String()),
})
export type MemberCardSetupAnswer = Static<typeof MemberCardSetupAnswer>

export const MemberCardUpdateAnswer = Type.Object({
  success: Type.Boolean(),
  cardUpdatedAt: Nullable(Type.String()),
})
export type MemberCardUpdateAnswer = Static<typeof MemberCardUpdateAnswer>

export const MemberPayNowAnswer = Type.Object({
  success: Type.Boolean(),
  invoiceId: Type.String(),
  provider: Type.String(),
})
export type MemberPayNowAnswer = Static<typeof MemberPayNowAnswer>

export const MigrationCurrentAnswer = Type.Object({
  success: Type.Literal(true),
  migrationId: Nullable(Type.Integer()),
})
export type MigrationCurrentAnswer = Static<typeof MigrationCurrentAnswer>

/** The contract of this module's routes: validators used by its controllers, and the JSON Schema of each success answer. */
documentRoutes({
  'currencies.enabled': {
    summary: 'Currencies a member may pay in',
    access: 'public',
    responses: {
      200: CurrenciesEnabledAnswer,
    },
  },
  'member.details': {
    summary: 'The signed-in member, family and previous coverage',
    access: 'member',
    responses: {
      200: MemberDetailsAnswer,
    },
  },
  'member.migration_status': {
    summary: 'Whether the member may migrate',
    access: 'member',
    responses: {
      200: MemberMigrationStatusAnswer,
    },
  },
  'member.payment_frequencies': {
    summary: 'Payment frequencies offered to the member',
    access: 'member',
    responses: {
      200: MemberPaymentFrequenciesAnswer,
    },
  },
  'member.update_email': {
    summary: "Change the member's email address",
    access: 'member',
    body: updateEmailValidator,
    responses: {
      200: MemberUpdateEmailAnswer,
    },
  },
  'member.language': {
    summary: "Store the member's language (the shop's switcher): emails and PDFs are written in it",
    access: 'member',
    body: memberLanguageValidator,
    responses: {
      200: MemberLanguageAnswer,
    },
  },
  'migration.calculate': {
    summary: 'Price a selection',
    access: 'member',
    body: calculateValidator,
    responses: {
      200: MigrationCalculateAnswer,
    },
  },
  'migration.create': {
    summary:
      'Create the checkout of a selection; with renewalOf, the renewal of that migration (its term starts on its end date; 409 when it cannot be renewed now)',
    access: 'member',
    body: createMigrationValidator,
    responses: {
      200: MigrationCreateAnswer,
    },
  },
  'migration.consent': {
    summary:
      "Record the member's consent to the checkout's conditions (and recurring charges) before paying; answers the payment's secret",
    access: 'member',
    params: routeIdValidator,
    body: consentValidator,
    responses: {
      200: MigrationConsentAnswer,
    },
  },
  'migration.sandbox_confirm': {
    summary: 'Confirm a sandbox payment',
    access: 'member',
    params: routeIdValidator,
    responses: {
      200: MigrationSandboxConfirmAnswer,
    },
  },
  'migration.show': {
    summary: "One of the member's migrations",
    access: 'member',
    params: routeIdValidator,
    responses: {
      200: MigrationShowAnswer,
    },
  },
  'payments.config': {
    summary: 'Active payment provider and its public key',
    access: 'public',
    responses: {
      200: PaymentsConfigAnswer,
    },
  },

  'member.area': {
    summary: 'The member area after payment: migration, schedule with statuses, documents',
    access: 'member',
    responses: {
      200: MemberAreaAnswer,
    },
  },
  'member.card_setup': {
    summary: 'Start a card update (Stripe: a SetupIntent; sandbox: none)',
    access: 'member',
    responses: {
      200: MemberCardSetupAnswer,
    },
  },
  'member.card_update': {
    summary: "Finish a card update: the card becomes the plan's default",
    access: 'member',
    body: cardUpdateValidator,
    responses: {
      200: MemberCardUpdateAnswer,
    },
  },
  'member.document': {
    summary: "Download one of the member's own policy documents (PDF)",
    access: 'member',
    params: routeIdValidator,
    responses: {
      200: { contentType: 'application/pdf' },
    },
  },
  'member.coverage': {
    summary:
      'What the member buys, before paying: coverage name, limits in their own currency, cooling-off days, the previous coverage, the product documents',
    access: 'member',
    responses: { 200: MemberCoverageAnswer },
  },
  'member.product_document': {
    summary:
      "The member's product's policy conditions (conditions) or pre-contract information (pre_contract) PDF; 404 when none was uploaded",
    access: 'member',
    params: productDocumentKindValidator,
    responses: { 200: { contentType: 'application/pdf' } },
  },
  'member.my_data': {
    summary:
      'Download my data: everything held about the member and their family, as JSON (the request is audited)',
    access: 'member',
    responses: { 200: MemberDataAnswer },
  },
  'member.my_data_pdf': {
    summary: "Download my data as a readable PDF in the member's language (the request is audited)",
    access: 'member',
    responses: { 200: { contentType: 'application/pdf' } },
  },
  'member.receipt': {
    summary:
      "Download the receipt PDF of one of the member's own paid installments (another member's is a 404)",
    access: 'member',
    params: routeIdValidator,
    responses: {
      200: { contentType: 'application/pdf' },
    },
  },
  'member.credit_note': {
    summary:
      "Download the credit note PDF of a refund of one of the member's own migrations (another member's is a 404)",
    access: 'member',
    params: routeIdValidator,
    responses: {
      200: { contentType: 'application/pdf' },
    },
  },
  'member.pay_now': {
    summary: 'Pay a failed installment now',
    access: 'member',
    responses: {
      200: MemberPayNowAnswer,
    },
  },
  'migration.current': {
    summary: "The id of the member's open checkout, if any",
    access: 'member',
    responses: { 200: MigrationCurrentAnswer },
  },
  'migration.resume': {
    summary:
      "Resume the member's open checkout (the one another tab started): the create answer again",
    access: 'member',
    params: routeIdValidator,
    responses: { 200: MigrationCreateAnswer },
  },
})
