import { Type, type Static } from '@sinclair/typebox'
import { documentRoutes, ForeignJson, Nullable } from '#modules/api_contract/index'
import { EmailDeliveryRow } from '#modules/notifications/index'
import { apiConfigValidator, idParamValidator } from './admin_validators.js'
import {
  blockValidator,
  deadLetterListValidator,
  deliveryIdValidator,
  migrationIdValidator,
  outboxJobIdValidator,
} from './validators.js'

const AdminMigrationsRegenerateDocumentsAnswer = Type.Object(
  {
    success: Type.Boolean(),
    count: Type.Number(),
    error: Nullable(Type.String()),
  },
  { $id: 'AdminMigrationsRegenerateDocumentsAnswer' }
)
export type AdminMigrationsRegenerateDocumentsAnswer = Static<
  typeof AdminMigrationsRegenerateDocumentsAnswer
>

const Job = Type.Object(
  {
    id: Type.Number(),
    type: Type.String(),
    label: Type.String(),
    detail: Nullable(Type.String()),
    state: Type.Union([
      Type.Literal('succeeded'),
      Type.Literal('failed'),
      Type.Literal('queued'),
      Type.Literal('retrying'),
      Type.Literal('running'),
      Type.Literal('done'),
      Type.Literal('dead_letter'),
    ]),
    attempts: Type.Number(),
    max_attempts: Type.Number(),
    last_error: Nullable(Type.String()),
    next_retry_at: Nullable(Type.String()),
    updated_at: Nullable(Type.String()),
    replayable: Type.Boolean(),
  },
  { $id: 'Job' }
)
type Job = Static<typeof Job>

export const AdminApiConfigsDestroyAnswer = Type.Object({
  success: Type.Boolean(),
})
export type AdminApiConfigsDestroyAnswer = Static<typeof AdminApiConfigsDestroyAnswer>

/** An API configuration as every api-configs answer gives it: the token or key masked, no auth config when auth_type is none. */
export const ApiConfig = Type.Object(
  {
    id: Type.Number(),
    name: Type.String(),
    endpoint_url: Type.String(),
    /** Where the insurer is told of a cancelled or lapsed coverage (null: those calls are skipped, with the reason in the API logs). */
    cancellation_endpoint_url: Nullable(Type.String()),
    auth_type: Type.Union([Type.Literal('none'), Type.Literal('bearer'), Type.Literal('api_key')]),
    auth_config: Type.Union([
      Type.Object({ token: Type.String() }),
      Type.Object({ key: Type.String(), header: Type.String() }),
      Type.Null(),
    ]),
    enabled: Type.Boolean(),
    created_at: Nullable(Type.String()),
  },
  { $id: 'ApiConfig' }
)
export type ApiConfig = Static<typeof ApiConfig>

export const AdminApiConfigsIndexAnswer = Type.Array(ApiConfig)
export type AdminApiConfigsIndexAnswer = Static<typeof AdminApiConfigsIndexAnswer>

/** Create (201) and update (200) answer the same. */
export const AdminApiConfigsSavedAnswer = Type.Object({
  success: Type.Boolean(),
  config: ApiConfig,
})
export type AdminApiConfigsSavedAnswer = Static<typeof AdminApiConfigsSavedAnswer>

const AdminMigrationsApiLogsAnswer = Type.Object({
  success: Type.Boolean(),
  logs: Type.Array(
    Type.Object({
      id: Type.Number(),
      api_name: Type.String(),
      member_name: Nullable(Type.String()),
      member_id: Nullable(Type.String()),
      endpoint: Type.String(),
      success: Type.Boolean(),
      response_status: Nullable(Type.Number()),
      error_message: Nullable(Type.String()),
      request_payload: ForeignJson({
        description:
          'What was sent to the insurer, as stored with the call: the enrolment or cancellation body (docs/fulfilment.md), its text when it was not JSON',
      }),
      response_payload: ForeignJson({
        description:
          "The insurer's answer as it came: its JSON (any shape), or its text when it was not JSON; null when none came",
      }),
      created_at: Nullable(Type.String()),
      attempt: Type.Optional(Nullable(Type.Number())),
      idempotency_key: Type.Optional(Nullable(Type.String())),
      call_type: Type.Union([Type.Literal('enrolment'), Type.Literal('cancellation')]),
      /** A cancellation call not sent (no cancellation endpoint): error_message says why. */
      skipped: Type.Boolean(),
    })
  ),
  migration: Type.Object({
    id: Type.Number(),
    migration_reference: Type.String(),
    insured_full_name: Type.String(),
    member_id_str: Type.String(),
  }),
  summary: Type.Object({
    calls: Type.Number(),
    succeeded: Type.Number(),
    failed: Type.Number(),
    attempts: Type.Number(),
  }),
})
export type AdminMigrationsApiLogsAnswer = Static<typeof AdminMigrationsApiLogsAnswer>

const AdminMigrationsBlockAnswer = Type.Object({
  success: Type.Boolean(),
  blocked: Type.Boolean(),
  message: Type.String(),
})
export type AdminMigrationsBlockAnswer = Static<typeof AdminMigrationsBlockAnswer>

const AdminMigrationsRetryEmailsAnswer = AdminMigrationsRegenerateDocumentsAnswer
export type AdminMigrationsRetryEmailsAnswer = Static<typeof AdminMigrationsRetryEmailsAnswer>

const AdminEmailDeliveriesResend202Answer = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  delivery: EmailDeliveryRow,
})
export type AdminEmailDeliveriesResend202Answer = Static<typeof AdminEmailDeliveriesResend202Answer>

const AdminMigrationsOutboxAnswer = Type.Object({
  success: Type.Literal(true),
  calls: Type.Array(
    Type.Object({
      job_id: Nullable(Type.Number()),
      call_type: Type.Union([Type.Literal('enrolment'), Type.Literal('cancellation')]),
      api_name: Type.String(),
      member_name: Nullable(Type.String()),
      member_id: Nullable(Type.String()),
      attempts: Type.Number(),
      response_status: Nullable(Type.Number()),
      last_error: Nullable(Type.String()),
      last_attempt_at: Nullable(Type.String()),
      idempotency_key: Nullable(Type.String()),
      state: Type.Union([
        Type.Literal('succeeded'),
        Type.Literal('failed'),
        Type.Literal('queued'),
        Type.Literal('retrying'),
        Type.Literal('running'),
        Type.Literal('done'),
        Type.Literal('dead_letter'),
        Type.Literal('skipped'),
      ]),
      next_retry_at: Nullable(Type.String()),
    })
  ),
  jobs: Type.Array(Job),
})
export type AdminMigrationsOutboxAnswer = Static<typeof AdminMigrationsOutboxAnswer>

const AdminOutboxReplay202Answer = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  job: Job,
})
export type AdminOutboxReplay202Answer = Static<typeof AdminOutboxReplay202Answer>

export const AdminMembersInvitationsAnswer = Type.Object({
  success: Type.Literal(true),
  invitations: Type.Array(EmailDeliveryRow),
})
export type AdminMembersInvitationsAnswer = Static<typeof AdminMembersInvitationsAnswer>

export const AdminDeadLettersIndexAnswer = Type.Object({
  success: Type.Literal(true),
  total: Type.Integer(),
  items: Type.Array(
    Type.Object({
      id: Type.Number(),
      type: Type.String(),
      label: Type.String(),
      migration_id: Nullable(Type.Number()),
      migration_reference: Nullable(Type.String()),
      member_name: Nullable(Type.String()),
      member_id: Nullable(Type.String()),
      api_name: Nullable(Type.String()),
      attempts: Type.Number(),
      last_error: Nullable(Type.String()),
      failed_at: Nullable(Type.String()),
      idempotency_key: Nullable(Type.String()),
      replayable: Type.Boolean(),
    })
  ),
  unknown_emails: Type.Array(
    Type.Object({
      id: Type.Number(),
      migration_id: Nullable(Type.Number()),
      migration_reference: Nullable(Type.String()),
      email_type: Type.String(),
      recipient: Type.String(),
      subject: Type.String(),
      error: Nullable(Type.String()),
      since: Nullable(Type.String()),
      resendable: Type.Boolean({
        description:
          "Resend may send it (a migration's confirmation, admin notification or cancellation alert); invitations are sent again from Unmigrated Users",
      }),
    }),
    {
      description:
        'Emails whose delivery is unknown (sender stopped after the hand-off began) and not resent yet: resend them with POST /api/admin/email-deliveries/{id}/resend',
    }
  ),
})
export type AdminDeadLettersIndexAnswer = Static<typeof AdminDeadLettersIndexAnswer>

/** The contract of this module's routes: validators used by its controllers, and the JSON Schema of each success answer. */
documentRoutes({
  'admin.api_configs.destroy': {
    summary: 'Delete an insurer API configuration',
    access: 'admin',
    params: idParamValidator,
    responses: {
      200: AdminApiConfigsDestroyAnswer,
    },
  },
  'admin.api_configs.index': {
    summary: 'Insurer API configurations',
    access: 'admin',
    responses: {
      200: AdminApiConfigsIndexAnswer,
    },
  },
  'admin.api_configs.store': {
    summary: 'Create an insurer API configuration',
    access: 'admin',
    body: apiConfigValidator,
    responses: {
      201: AdminApiConfigsSavedAnswer,
    },
  },
  'admin.api_configs.update': {
    summary: 'Update an insurer API configuration',
    access: 'admin',
    body: apiConfigValidator,
    params: idParamValidator,
    responses: {
      200: AdminApiConfigsSavedAnswer,
    },
  },
  'admin.migrations.api_logs': {
    summary: 'Insurer API calls of a migration',
    access: 'admin',
    body: migrationIdValidator,
    responses: {
      200: AdminMigrationsApiLogsAnswer,
    },
  },
  'admin.migrations.block': {
    summary: "Block or unblock a member's migration",
    access: 'admin',
    body: blockValidator,
    responses: {
      200: AdminMigrationsBlockAnswer,
    },
  },
  'admin.migrations.regenerate_documents': {
    summary: "Generate a migration's documents again",
    access: 'admin',
    body: migrationIdValidator,
    responses: {
      200: AdminMigrationsRegenerateDocumentsAnswer,
    },
  },
  'admin.migrations.retry_api': {
    summary: "Retry a migration's insurer enrolment",
    access: 'admin',
    body: migrationIdValidator,
    responses: {
      200: AdminMigrationsRegenerateDocumentsAnswer,
    },
  },
  'admin.migrations.retry_emails': {
    summary: "Send a migration's emails again",
    access: 'admin',
    body: migrationIdValidator,
    responses: {
      200: AdminMigrationsRetryEmailsAnswer,
    },
  },
})

/** Email Resend and the integration outbox (docs/operations.md §2–§3). */
documentRoutes({
  'admin.email_deliveries.resend': {
    summary:
      'Resend one email of a migration: a new delivery row, sent by a job (202); 409 when already resent or still being sent',
    access: 'admin',
    body: deliveryIdValidator,
    responses: {
      202: AdminEmailDeliveriesResend202Answer,
    },
  },
  'admin.migrations.outbox': {
    summary:
      "A migration's insurer calls (one per member and configuration) and other outbound jobs",
    access: 'admin',
    body: migrationIdValidator,
    responses: {
      200: AdminMigrationsOutboxAnswer,
    },
  },
  'admin.outbox.replay': {
    summary:
      'Replay one dead-lettered call or job (same idempotency key / delivery row); 409 when it is not in dead letter',
    access: 'admin',
    body: outboxJobIdValidator,
    responses: {
      202: AdminOutboxReplay202Answer,
    },
  },
  'admin.members.invitations': {
    summary:
      "A member's invitation and reminder emails with their delivery status, newest first (at most 200)",
    access: 'admin',
    body: deliveryIdValidator,
    responses: {
      200: AdminMembersInvitationsAnswer,
    },
  },
  'admin.dead_letters.index': {
    summary: 'Every call and job in dead letter across migrations, latest failure first',
    access: 'admin',
    query: deadLetterListValidator,
    responses: {
      200: AdminDeadLettersIndexAnswer,
    },
  },
})
