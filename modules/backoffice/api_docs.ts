import { Type, type Static } from '@sinclair/typebox'
import {
  documentRoutes,
  Nullable,
  InstallmentSchedule,
  MessageAnswer,
} from '#modules/api_contract/index'
import { MIGRATION_STATUSES } from '#modules/migrations/index'
import { EmailDeliveryRow } from '#modules/notifications/index'
import { SearchGroups } from './services/global_search.js'
import {
  dashboardChartsValidator,
  erasureValidator,
  generateBulkTokensValidator,
  generateTokenValidator,
  idParamValidator,
  migrationExportValidator,
  migrationListValidator,
  noteCreateValidator,
  noteListValidator,
  noteUpdateValidator,
  searchValidator,
  sendInvitationsValidator,
  subscriptionExportValidator,
  subscriptionListValidator,
  unmigratedListValidator,
} from './validators.js'

const RecentMigration = Type.Object(
  {
    id: Type.Number(),
    migration_reference: Type.String(),
    member_id: Nullable(Type.Number()),
    insured_full_name: Type.String(),
    member_id_str: Nullable(Type.String()),
    email: Nullable(Type.String()),
    date_of_birth: Nullable(Type.String()),
    product_name: Nullable(Type.String()),
    plan_name: Nullable(Type.String()),
    total_amount: Type.Number(),
    total_amount_usd: Type.Number(),
    subscription_amount: Type.Number(),
    number_of_payments: Type.Number(),
    currency: Type.String(),
    duration_days: Type.Number(),
    duration_type: Type.String(),
    start_date: Type.String(),
    end_date: Type.String(),
    payment_frequency: Type.String(),
    status: Type.String(),
    payment_status: Type.String(),
    document_status: Type.String(),
    email_status: Type.String(),
    api_status: Type.String(),
    created_at: Type.String(),
    completed_at: Nullable(Type.String()),
    failure_reason: Nullable(Type.String()),
    subscription_id: Nullable(Type.Number()),
    subscription_status: Nullable(Type.String()),
    subscription_cancelled_at: Nullable(Type.String()),
    subscription_ends_on: Nullable(Type.String()),
    early_cancellation_reviewed: Type.Boolean(),
  },
  { $id: 'RecentMigration' }
)
type RecentMigration = Static<typeof RecentMigration>

const BackofficeDashboardStatsAnswer = Type.Object({
  success: Type.Boolean(),
  migrations: Type.Object({
    total: Type.Number(),
    completed: Type.Number(),
    pending: Type.Number(),
    failed: Type.Number(),
    completedToday: Type.Number(),
  }),
  members: Type.Object({
    total: Type.Number(),
    principals: Type.Number(),
    unmigrated: Type.Number(),
    withDisabledProducts: Type.Number(),
  }),
  products: Type.Object({
    disabled: Type.Number(),
  }),
  subscriptions: Type.Object({
    active: Type.Number(),
    canceled: Type.Number(),
    earlyCancellations: Type.Number(),
    monthlyRevenue: Type.Number(),
    totalRevenue: Type.Number(),
    totalRevenueByCurrency: Type.Array(
      Type.Object({
        currency: Type.String(),
        amount: Type.Number({
          description:
            'Paid payments in this currency net of refunds and lost disputes (the same rule as totalRevenue, before conversion)',
        }),
      })
    ),
  }),
  recentMigrations: Type.Array(RecentMigration),
})
export type BackofficeDashboardStatsAnswer = Static<typeof BackofficeDashboardStatsAnswer>

const BackofficeDashboardChartsAnswer = Type.Object({
  success: Type.Boolean(),
  timezone: Type.String(),
  days: Type.Array(
    Type.Object({
      date: Type.String({ format: 'date' }),
      started: Type.Number(),
      completed: Type.Number(),
    })
  ),
  revenueByCurrency: Type.Array(
    Type.Object({
      currency: Type.String(),
      amount: Type.Number(),
      amountUsd: Type.Number(),
    })
  ),
  statuses: Type.Array(
    Type.Object({
      status: Type.Union(MIGRATION_STATUSES.map((status) => Type.Literal(status))),
      count: Type.Number(),
    })
  ),
})
export type BackofficeDashboardChartsAnswer = Static<typeof BackofficeDashboardChartsAnswer>

const BackofficeMigrationsIndexAnswer = Type.Object({
  success: Type.Boolean(),
  migrations: Type.Array(RecentMigration),
  total: Type.Number(),
})
export type BackofficeMigrationsIndexAnswer = Static<typeof BackofficeMigrationsIndexAnswer>

const BackofficeMigrationsShowAnswer = Type.Object({
  success: Type.Boolean(),
  migration: Type.Object({
    id: Type.Number(),
    migration_reference: Type.String(),
    member_id: Nullable(Type.Number()),
    insured_full_name: Type.String(),
    member_id_str: Nullable(Type.String()),
    email: Nullable(Type.String()),
    date_of_birth: Nullable(Type.String()),
    product_name: Nullable(Type.String()),
    plan_name: Nullable(Type.String()),
    total_amount: Type.Number(),
    total_amount_usd: Type.Number(),
    subscription_amount: Type.Number(),
    number_of_payments: Type.Number(),
    currency: Type.String(),
    duration_days: Type.Number(),
    duration_type: Type.String(),
    start_date: Type.String(),
    end_date: Type.String(),
    payment_frequency: Type.String(),
    status: Type.String(),
    payment_status: Type.String(),
    document_status: Type.String(),
    email_status: Type.String(),
    api_status: Type.String(),
    created_at: Nullable(Type.String()),
    completed_at: Nullable(Type.String()),
    failure_reason: Nullable(Type.String()),
    subscription_id: Nullable(Type.Number()),
    subscription_status: Nullable(Type.String()),
    subscription_cancelled_at: Nullable(Type.String()),
    subscription_ends_on: Nullable(Type.String()),
    early_cancellation_reviewed: Type.Boolean(),
    is_blocked: Type.Boolean(),
    installment_schedule: Type.Array(InstallmentSchedule),
    email_deliveries: Type.Array(EmailDeliveryRow),
    selectedMembers: Type.Array(
      Type.Object({
        id: Type.Number(),
        member_db_id: Type.Number(),
        insured_full_name: Type.String(),
        insured_role: Type.String(),
        member_id: Nullable(Type.String()),
        date_of_birth: Nullable(Type.String()),
        dhig_person_id: Nullable(Type.String()),
        dhig_member_id: Nullable(Type.String()),
        final_premium: Nullable(Type.Number()),
        premium_currency: Nullable(Type.String()),
        calculated_premium: Type.Number(),
      })
    ),
  }),
})
export type BackofficeMigrationsShowAnswer = Static<typeof BackofficeMigrationsShowAnswer>

const BackofficeSubscriptionsEarlyCancellationsAnswer = Type.Object({
  success: Type.Boolean(),
  earlyCancellations: Type.Array(
    Type.Object({
      id: Type.Number(),
      migration_id: Nullable(Type.Number()),
      provider_subscription_id: Type.String(),
      status: Type.String(),
      never_started: Type.Boolean(),
      current_period_end: Nullable(Type.String()),
      cancelled_at: Nullable(Type.String()),
      ends_on: Nullable(Type.String()),
      remaining_days: Nullable(Type.Number()),
      early_cancellation_reviewed: Type.Boolean(),
      cancelled_by: Nullable(Type.String()),
      created_at: Type.String(),
      migration_reference: Type.String(),
      insured_full_name: Type.String(),
      member_id_str: Nullable(Type.String()),
      email: Nullable(Type.String()),
      product_name: Nullable(Type.String()),
      currency: Type.String(),
      total_amount: Type.Number(),
      total_amount_usd: Type.Number(),
      subscription_amount: Type.Number(),
      number_of_payments: Type.Number(),
      payment_frequency: Type.String(),
      installment_schedule: Type.Array(InstallmentSchedule),
      dunning_stage: Nullable(Type.String(), {
        description:
          'Dunning of the latest failed installment: notice_pending, failure_email, reminder_N, paid or lapsed; null when none failed',
      }),
    })
  ),
})
export type BackofficeSubscriptionsEarlyCancellationsAnswer = Static<
  typeof BackofficeSubscriptionsEarlyCancellationsAnswer
>

/** A subscription row of the Subscriptions lists (all and problematic). */
const SubscriptionRow = Type.Object({
  id: Type.Number(),
  migration_id: Nullable(Type.Number()),
  provider_subscription_id: Type.String(),
  status: Type.String(),
  never_started: Type.Boolean(),
  current_period_end: Nullable(Type.String()),
  cancelled_at: Nullable(Type.String()),
  ends_on: Nullable(Type.String()),
  remaining_days: Nullable(Type.Number()),
  early_cancellation_reviewed: Type.Boolean(),
  cancelled_by: Nullable(Type.String(), {
    description:
      'Who cancelled the coverage in the portal: admin (Cancel coverage), member (Withdraw) or member_stop (Stop future payments); null when the portal made no cancellation',
  }),
  created_at: Type.String(),
  migration_reference: Type.String(),
  insured_full_name: Type.String(),
  member_id_str: Nullable(Type.String()),
  email: Nullable(Type.String()),
  product_name: Nullable(Type.String()),
  currency: Type.String(),
  total_amount: Type.Number(),
  total_amount_usd: Type.Number(),
  subscription_amount: Type.Number(),
  number_of_payments: Type.Number(),
  payment_frequency: Type.String(),
  installment_schedule: Type.Array(InstallmentSchedule),
  dunning_stage: Nullable(Type.String(), {
    description:
      'Dunning of the latest failed installment: notice_pending, failure_email, reminder_N, paid or lapsed; null when none failed',
  }),
})

const BackofficeSubscriptionsIndexAnswer = Type.Object({
  success: Type.Boolean(),
  subscriptions: Type.Array(SubscriptionRow),
})
export type BackofficeSubscriptionsIndexAnswer = Static<typeof BackofficeSubscriptionsIndexAnswer>

export const BackofficeSubscriptionsMarkReviewedAnswer = MessageAnswer
export type BackofficeSubscriptionsMarkReviewedAnswer = Static<
  typeof BackofficeSubscriptionsMarkReviewedAnswer
>

const BackofficeSubscriptionsPaymentsAnswer = Type.Object({
  success: Type.Boolean(),
  payments: Type.Array(
    Type.Object({
      id: Type.Number(),
      amount: Type.Number(),
      currency: Type.String(),
      status: Type.String(),
      paid: Type.Boolean(),
      created: Type.String(),
      period_start: Nullable(Type.String()),
      period_end: Nullable(Type.String()),
      hosted_invoice_url: Nullable(Type.String()),
    })
  ),
})
export type BackofficeSubscriptionsPaymentsAnswer = Static<
  typeof BackofficeSubscriptionsPaymentsAnswer
>

const BackofficeSubscriptionsProblematicAnswer = Type.Object({
  success: Type.Boolean(),
  problematicSubscriptions: Type.Array(SubscriptionRow),
})
export type BackofficeSubscriptionsProblematicAnswer = Static<
  typeof BackofficeSubscriptionsProblematicAnswer
>

export const BackofficeSubscriptionsStatsAnswer = Type.Object({
  success: Type.Boolean(),
  stats: Type.Object({
    active_count: Type.Number(),
    active_total_value: Type.Number(),
    early_cancellation_count: Type.Number(),
    early_cancellation_value: Type.Number(),
    unpaid_count: Type.Number(),
    total_subscriptions: Type.Number(),
  }),
})
export type BackofficeSubscriptionsStatsAnswer = Static<typeof BackofficeSubscriptionsStatsAnswer>

const BackofficeUnmigratedUsersGenerateBulkTokensAnswer = Type.Object({
  success: Type.Boolean(),
  count: Type.Number(),
  /** Principals skipped because an administrator blocked them. */
  blocked: Type.Number(),
  expirationDays: Type.Number(),
  links: Type.Array(
    Type.Object({
      memberId: Nullable(Type.Number()),
      token: Type.String(),
      secureLink: Type.String(),
      expiresAt: Type.String(),
    })
  ),
})
export type BackofficeUnmigratedUsersGenerateBulkTokensAnswer = Static<
  typeof BackofficeUnmigratedUsersGenerateBulkTokensAnswer
>

const BackofficeUnmigratedUsersGenerateTokenAnswer = Type.Object({
  success: Type.Boolean(),
  memberId: Nullable(Type.Number()),
  token: Type.String(),
  secureLink: Type.String(),
  expiresAt: Type.String(),
})
export type BackofficeUnmigratedUsersGenerateTokenAnswer = Static<
  typeof BackofficeUnmigratedUsersGenerateTokenAnswer
>

export const BackofficeUnmigratedUsersIndexAnswer = Type.Object({
  success: Type.Boolean(),
  users: Type.Array(
    Type.Object({
      id: Type.Number(),
      member_id: Nullable(Type.String()),
      insured_full_name: Type.String(),
      email: Nullable(Type.String()),
      date_of_birth: Nullable(Type.String()),
      product_name: Nullable(Type.String()),
      plan_name: Nullable(Type.String()),
      policy_start_date: Nullable(Type.String()),
      policy_end_date: Nullable(Type.String()),
      token: Nullable(Type.String()),
      has_valid_token: Type.Boolean(),
      token_expires_at: Nullable(Type.String()),
      token_issued_at: Nullable(Type.String()),
      is_blocked: Type.Boolean(),
      invited_at: Nullable(Type.String()),
      reminders_sent: Type.Number(),
      last_delivery_status: Nullable(Type.String()),
    })
  ),
  total: Type.Number(),
})
export type BackofficeUnmigratedUsersIndexAnswer = Static<
  typeof BackofficeUnmigratedUsersIndexAnswer
>

export const BackofficeUnmigratedUsersSendInvitationsAnswer = Type.Object({
  success: Type.Boolean(),
  sent: Type.Number(),
  failed: Type.Number(),
  skipped: Type.Number(),
  blocked: Type.Number(),
  errors: Type.Array(Type.String()),
})
export type BackofficeUnmigratedUsersSendInvitationsAnswer = Static<
  typeof BackofficeUnmigratedUsersSendInvitationsAnswer
>

export const BackofficeUnmigratedUsersTokenConfigAnswer = Type.Object({
  success: Type.Boolean(),
  expirationDays: Type.Number(),
})
export type BackofficeUnmigratedUsersTokenConfigAnswer = Static<
  typeof BackofficeUnmigratedUsersTokenConfigAnswer
>

/** The contract of this module's routes: validators used by its controllers, and the JSON Schema of each success answer. */
const BackofficeMemberErasureAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  erased: Type.Boolean({ description: 'false: the member was erased before, nothing changed' }),
  memberId: Type.String(),
  erasedAt: Type.String(),
  members: Type.Number({ description: 'Family members anonymised by this request' }),
  migrations: Type.Number(),
})
export type BackofficeMemberErasureAnswer = Static<typeof BackofficeMemberErasureAnswer>

const AdminNote = Type.Object(
  {
    id: Type.Number(),
    entityType: Type.Union([Type.Literal('member'), Type.Literal('migration')]),
    entityId: Type.Number(),
    body: Type.String(),
    author: Type.String({ description: 'The username of the administrator who wrote it' }),
    createdAt: Type.String(),
    updatedAt: Type.String(),
    editable: Type.Boolean({
      description:
        'Whether the administrator asking may edit or delete it (its author or an Owner)',
    }),
  },
  { $id: 'AdminNote' }
)
export const BackofficeNotesAnswer = Type.Object({
  success: Type.Literal(true),
  notes: Type.Array(AdminNote),
})
export type BackofficeNotesAnswer = Static<typeof BackofficeNotesAnswer>
export const BackofficeNoteAnswer = Type.Object({ success: Type.Literal(true), note: AdminNote })
export type BackofficeNoteAnswer = Static<typeof BackofficeNoteAnswer>
export const BackofficeNoteDeletedAnswer = MessageAnswer
export type BackofficeNoteDeletedAnswer = MessageAnswer

export const BackofficeSearchAnswer = Type.Composite([
  Type.Object({
    success: Type.Literal(true),
    query: Type.String({ description: 'The search text as searched (trimmed)' }),
  }),
  SearchGroups,
])
export type BackofficeSearchAnswer = Static<typeof BackofficeSearchAnswer>

documentRoutes({
  'backoffice.search': {
    summary:
      "The app bar's search: members (member ID, name, email: start), migrations (reference: start), payments, refunds and disputes (provider id: whole), notes (text); at most 5 of each, only the kinds the role reads",
    access: 'admin',
    query: searchValidator,
    responses: { 200: BackofficeSearchAnswer },
  },
  'backoffice.notes.index': {
    summary: "A member's or a migration's notes, newest first",
    access: 'admin',
    query: noteListValidator,
    responses: { 200: BackofficeNotesAnswer },
  },
  'backoffice.notes.store': {
    summary: 'Write a note on a member or a migration (audited)',
    access: 'admin',
    body: noteCreateValidator,
    responses: { 201: BackofficeNoteAnswer },
  },
  'backoffice.notes.update': {
    summary: 'Edit a note: its author or an Owner (audited)',
    access: 'admin',
    params: idParamValidator,
    body: noteUpdateValidator,
    responses: { 200: BackofficeNoteAnswer },
  },
  'backoffice.notes.destroy': {
    summary: 'Delete a note: its author or an Owner (audited)',
    access: 'admin',
    params: idParamValidator,
    responses: { 200: BackofficeNoteDeletedAnswer },
  },
  'backoffice.members.erasure': {
    summary:
      "Answer a member's erasure request: the family's personal data anonymised (docs/privacy.md)",
    access: 'admin',
    params: idParamValidator,
    body: erasureValidator,
    responses: {
      201: BackofficeMemberErasureAnswer,
      200: BackofficeMemberErasureAnswer,
    },
  },
  'backoffice.dashboard.stats': {
    summary: 'Dashboard figures',
    access: 'admin',
    responses: {
      200: BackofficeDashboardStatsAnswer,
    },
  },
  'backoffice.dashboard.charts': {
    summary:
      'Dashboard charts: migrations started and completed per day (TIMEZONE days), paid revenue by currency with its USD value, migrations by status',
    access: 'admin',
    query: dashboardChartsValidator,
    responses: {
      200: BackofficeDashboardChartsAnswer,
    },
  },
  'backoffice.migrations.index': {
    summary: 'Migrations, searched, filtered and paged',
    access: 'admin',
    query: migrationListValidator,
    responses: {
      200: BackofficeMigrationsIndexAnswer,
    },
  },
  'backoffice.migrations.export': {
    summary:
      "Every migration of the list's filters (search, status, term) in its sort, as CSV (default) or XLSX (format=xlsx); streamed, text cells formula-safe, audited (list.export)",
    access: 'admin',
    query: migrationExportValidator,
    responses: { 200: { contentType: 'text/csv; charset=utf-8' } },
  },
  'backoffice.migrations.show': {
    summary: 'One migration with members, payments and documents',
    access: 'admin',
    params: idParamValidator,
    responses: {
      200: BackofficeMigrationsShowAnswer,
    },
  },
  'backoffice.subscriptions.early_cancellations': {
    summary: 'Subscriptions cancelled early',
    access: 'admin',
    responses: {
      200: BackofficeSubscriptionsEarlyCancellationsAnswer,
    },
  },
  'backoffice.subscriptions.export': {
    summary:
      'A Subscriptions tab (tab=all with search and status, early, problematic) in its sort, every row, as CSV (default) or XLSX (format=xlsx); streamed, text cells formula-safe, audited (list.export)',
    access: 'admin',
    query: subscriptionExportValidator,
    responses: { 200: { contentType: 'text/csv; charset=utf-8' } },
  },
  'backoffice.subscriptions.index': {
    summary: 'Subscriptions, filtered and paged',
    access: 'admin',
    query: subscriptionListValidator,
    responses: {
      200: BackofficeSubscriptionsIndexAnswer,
    },
  },
  'backoffice.subscriptions.mark_reviewed': {
    summary: 'Mark an early cancellation reviewed',
    access: 'admin',
    params: idParamValidator,
    responses: {
      200: BackofficeSubscriptionsMarkReviewedAnswer,
    },
  },
  'backoffice.subscriptions.payments': {
    summary: 'Payment history of a subscription',
    access: 'admin',
    params: idParamValidator,
    responses: {
      200: BackofficeSubscriptionsPaymentsAnswer,
    },
  },
  'backoffice.subscriptions.problematic': {
    summary: 'Subscriptions with failed payments',
    access: 'admin',
    responses: {
      200: BackofficeSubscriptionsProblematicAnswer,
    },
  },
  'backoffice.subscriptions.stats': {
    summary: 'Subscription figures',
    access: 'admin',
    responses: {
      200: BackofficeSubscriptionsStatsAnswer,
    },
  },
  'backoffice.unmigrated_users.generate_bulk_tokens': {
    summary:
      'Generate secure links for the selected members (memberIds), else for those the list shows for `search`; members with a usable link or blocked are skipped',
    access: 'admin',
    body: generateBulkTokensValidator,
    responses: {
      200: BackofficeUnmigratedUsersGenerateBulkTokensAnswer,
    },
  },
  'backoffice.unmigrated_users.generate_token': {
    summary: 'Generate a secure link for a member',
    access: 'admin',
    body: generateTokenValidator,
    responses: {
      200: BackofficeUnmigratedUsersGenerateTokenAnswer,
    },
  },
  'backoffice.unmigrated_users.index': {
    summary: 'Principals who have not migrated',
    access: 'admin',
    query: unmigratedListValidator,
    responses: {
      200: BackofficeUnmigratedUsersIndexAnswer,
    },
  },
  'backoffice.unmigrated_users.send_invitations': {
    summary: 'Email invitations with secure links',
    access: 'admin',
    body: sendInvitationsValidator,
    responses: {
      200: BackofficeUnmigratedUsersSendInvitationsAnswer,
    },
  },
  'backoffice.unmigrated_users.token_config': {
    summary: 'Secure-link settings',
    access: 'admin',
    responses: {
      200: BackofficeUnmigratedUsersTokenConfigAnswer,
    },
  },
})
