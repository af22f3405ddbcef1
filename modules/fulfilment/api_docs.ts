import { documentRoutes } from '#modules/api_contract/index'
import { restListQueryValidator } from '#modules/shared/index'
import { apiConfigValidator, docTemplateValidator, idParamValidator } from './admin_validators.js'
import { blockValidator, deadLetterListValidator, deliveryIdValidator, migrationIdValidator, outboxJobIdValidator } from './validators.js'

/** The answer of admin.api_configs.destroy, admin.doc_templates.destroy. */
const MESSAGE_ANSWER = {
  type: 'object',
  properties: { success: { type: 'boolean' } },
  required: ['success'],
}

/** The answer of admin.migrations.regenerate_documents, admin.migrations.retry_api, admin.migrations.retry_emails. */
const RETRY_ANSWER = {
  type: 'object',
  properties: { success: { type: 'boolean' }, count: { type: 'number' }, error: {} },
  required: ['success', 'count', 'error'],
}

/** One dunning case of the Finance area. */
const DUNNING_CASE = {
  type: 'object',
  properties: {
    id: { type: 'number' },
    migration_id: { type: 'number' },
    migration_reference: { type: 'string' },
    member_name: { type: 'string' },
    member_id: { type: 'string' },
    provider_payment_id: { type: 'string' },
    amount: { type: 'number' },
    currency: { type: 'string' },
    failed_at: { type: 'string' },
    notices_sent: { type: 'number' },
    stage: { type: 'string', description: 'notice_pending, failure_email, reminder_N or paid' },
    last_notice_at: { type: ['string', 'null'] },
    paid: { type: 'boolean' },
  },
  required: ['id', 'migration_id', 'migration_reference', 'member_name', 'member_id', 'provider_payment_id', 'amount', 'currency', 'failed_at', 'notices_sent', 'stage', 'last_notice_at', 'paid'],
}

/** The contract of this module's routes: validators used by its controllers, and the JSON Schema of each success answer. */
documentRoutes({
  'admin.finance.dunning.index': {
    summary: 'Dunning cases of failed installments (Finance area; ra-data-simple-rest list: sort, range, filter {status: open|paid, q}; total in Content-Range)',
    access: 'admin',
    query: restListQueryValidator,
    responses: { 200: { type: 'array', items: DUNNING_CASE } },
  },
  'admin.finance.dunning.show': {
    summary: 'One dunning case (Finance area)',
    access: 'admin',
    params: idParamValidator,
    responses: { 200: DUNNING_CASE },
  },
  'admin.api_configs.destroy': {
    summary: 'Delete an insurer API configuration',
    access: 'admin',
    params: idParamValidator,
    responses: {
      200: MESSAGE_ANSWER,
    },
  },
  'admin.api_configs.index': {
    summary: 'Insurer API configurations',
    access: 'admin',
    responses: {
      200: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            id: { type: 'number' },
            name: { type: 'string' },
            endpoint_url: { type: 'string' },
            auth_type: { type: ['string', 'null'] },
            auth_config: {
              type: 'object',
              properties: { token: { type: 'string' }, key: { type: 'string' }, header: { type: 'string' } },
            },
            enabled: { type: 'boolean' },
            created_at: { type: 'string' },
          },
          required: ['id', 'name', 'endpoint_url', 'auth_type', 'auth_config', 'enabled', 'created_at'],
        },
      },
    },
  },
  'admin.api_configs.store': {
    summary: 'Create an insurer API configuration',
    access: 'admin',
    body: apiConfigValidator,
    responses: {
      201: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          config: {
            type: 'object',
            properties: {
              id: { type: 'number' },
              name: { type: 'string' },
              endpoint_url: { type: 'string' },
              auth_type: { type: ['string', 'null'] },
              auth_config: {
                anyOf: [
                  {
                    type: 'object',
                    properties: { token: { type: 'string' }, key: { type: 'string' }, header: { type: 'string' } },
                  },
                  { type: 'null' },
                ],
              },
              enabled: { type: 'boolean' },
              created_at: { type: 'string' },
            },
            required: ['id', 'name', 'endpoint_url', 'auth_type', 'auth_config', 'enabled', 'created_at'],
          },
        },
        required: ['success', 'config'],
      },
    },
  },
  'admin.api_configs.update': {
    summary: 'Update an insurer API configuration',
    access: 'admin',
    body: apiConfigValidator,
    params: idParamValidator,
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          config: {
            type: 'object',
            properties: {
              id: { type: 'number' },
              name: { type: 'string' },
              endpoint_url: { type: 'string' },
              auth_type: { type: ['string', 'null'] },
              auth_config: { type: 'object', properties: { token: { type: 'string' } }, required: ['token'] },
              enabled: { type: 'boolean' },
              created_at: { type: 'string' },
            },
            required: ['id', 'name', 'endpoint_url', 'auth_type', 'auth_config', 'enabled', 'created_at'],
          },
        },
        required: ['success', 'config'],
      },
    },
  },
  'admin.doc_templates.destroy': {
    summary: 'Delete a document template',
    access: 'admin',
    params: idParamValidator,
    responses: {
      200: MESSAGE_ANSWER,
    },
  },
  'admin.doc_templates.index': {
    summary: 'Document templates',
    access: 'admin',
    responses: {
      200: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            id: { type: 'number' },
            product_name: { type: ['string', 'null'] },
            plan_name: {},
            template_file_path: { type: 'string' },
            file_exists: { type: 'boolean' },
            created_at: { type: 'string' },
          },
          required: ['id', 'product_name', 'plan_name', 'template_file_path', 'file_exists', 'created_at'],
        },
      },
    },
  },
  'admin.doc_templates.store': {
    summary: 'Create a document template',
    access: 'admin',
    body: docTemplateValidator,
    responses: {
      201: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          template: {
            type: 'object',
            properties: {
              id: { type: 'number' },
              product_name: { type: ['string', 'null'] },
              plan_name: { type: ['null', 'string'] },
              template_file_path: { type: 'string' },
              file_exists: { type: 'boolean' },
              created_at: { type: 'string' },
            },
            required: ['id', 'product_name', 'plan_name', 'template_file_path', 'file_exists', 'created_at'],
          },
        },
        required: ['success', 'template'],
      },
    },
  },
  'admin.migrations.api_logs': {
    summary: 'Insurer API calls of a migration',
    access: 'admin',
    body: migrationIdValidator,
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          logs: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'number' },
                api_name: { type: 'string' },
                member_name: { type: ['string', 'null'] },
                member_id: { type: ['string', 'null'] },
                endpoint: { type: 'string' },
                success: { type: 'boolean' },
                response_status: { type: ['number', 'null'] },
                error_message: { type: ['null', 'string'] },
                request_payload: {
                  type: 'object',
                  properties: {
                    migrationReference: { type: 'string' },
                    planId: { type: ['string', 'null'] },
                    productName: { type: ['string', 'null'] },
                    productAlias: { type: ['string', 'null'] },
                    planName: { type: ['string', 'null'] },
                    coverage: {
                      type: 'object',
                      properties: {
                        startDate: { type: 'string' },
                        endDate: { type: 'string' },
                        durationDays: { type: 'number' },
                        durationType: { type: 'string' },
                        paymentFrequency: { type: 'string' },
                      },
                      required: ['startDate', 'endDate', 'durationDays', 'durationType', 'paymentFrequency'],
                    },
                    member: {
                      type: 'object',
                      properties: {
                        memberId: { type: ['string', 'null'] },
                        personId: { type: ['string', 'null'] },
                        personGuid: {},
                        fullName: { type: 'string' },
                        dateOfBirth: { type: ['string', 'null'] },
                        role: { type: 'string' },
                        gender: { type: ['string', 'null'] },
                        citizenship: { type: ['string', 'null'] },
                        residenceCountry: { type: ['string', 'null'] },
                        email: { type: ['null', 'string'] },
                        principalMemberId: { type: 'string' },
                        principalPersonId: { type: ['string', 'null'] },
                      },
                      required: [
                        'memberId',
                        'personId',
                        'personGuid',
                        'fullName',
                        'dateOfBirth',
                        'role',
                        'gender',
                        'citizenship',
                        'residenceCountry',
                        'email',
                        'principalMemberId',
                        'principalPersonId',
                      ],
                    },
                    premium: {
                      type: 'object',
                      properties: {
                        currency: { type: 'string' },
                        annualPremium: { type: 'number' },
                        calculatedPremium: { type: 'number' },
                      },
                      required: ['currency', 'annualPremium', 'calculatedPremium'],
                    },
                  },
                  required: [
                    'migrationReference',
                    'planId',
                    'productName',
                    'productAlias',
                    'planName',
                    'coverage',
                    'member',
                    'premium',
                  ],
                },
                response_payload: {
                  type: 'object',
                  properties: {
                    error: { type: 'string' },
                    personId: { type: ['string', 'null'] },
                    memberId: { type: ['string', 'null'] },
                    status: { type: 'string' },
                  },
                },
                created_at: { type: 'string' },
                attempt: { type: ['number', 'null'] },
                idempotency_key: { type: ['string', 'null'] },
              },
              required: [
                'id',
                'api_name',
                'member_name',
                'member_id',
                'endpoint',
                'success',
                'response_status',
                'error_message',
                'request_payload',
                'response_payload',
                'created_at',
              ],
            },
          },
          migration: {
            type: 'object',
            properties: {
              id: { type: 'number' },
              migration_reference: { type: 'string' },
              insured_full_name: { type: 'string' },
              member_id_str: { type: 'string' },
            },
            required: ['id', 'migration_reference', 'insured_full_name', 'member_id_str'],
          },
          summary: {
            type: 'object',
            properties: {
              calls: { type: 'number' },
              succeeded: { type: 'number' },
              failed: { type: 'number' },
              attempts: { type: 'number' },
            },
            required: ['calls', 'succeeded', 'failed', 'attempts'],
          },
        },
        required: ['success', 'logs', 'migration', 'summary'],
      },
    },
  },
  'admin.migrations.block': {
    summary: 'Block or unblock a member\'s migration',
    access: 'admin',
    body: blockValidator,
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          blocked: { type: 'boolean' },
          message: { type: 'string' },
        },
        required: ['success', 'blocked', 'message'],
      },
    },
  },
  'admin.migrations.regenerate_documents': {
    summary: 'Generate a migration\'s documents again',
    access: 'admin',
    body: migrationIdValidator,
    responses: {
      200: RETRY_ANSWER,
    },
  },
  'admin.migrations.retry_api': {
    summary: 'Retry a migration\'s insurer enrolment',
    access: 'admin',
    body: migrationIdValidator,
    responses: {
      200: RETRY_ANSWER,
    },
  },
  'admin.migrations.retry_emails': {
    summary: 'Send a migration\'s emails again',
    access: 'admin',
    body: migrationIdValidator,
    responses: {
      200: RETRY_ANSWER,
    },
  },
})

const NULLABLE_STRING = { type: ['string', 'null'] }
const NULLABLE_NUMBER = { type: ['number', 'null'] }
const OUTBOX_STATE = { enum: ['succeeded', 'failed', 'queued', 'retrying', 'running', 'done', 'dead_letter'] }

/** An email delivery as the back-office shows it (also the member detail's invitations, notifications module). */
const EMAIL_DELIVERY_SCHEMA = {
  type: 'object',
  properties: {
    id: { type: 'number' },
    email_type: { type: 'string' },
    recipient: { type: 'string' },
    recipient_source: { enum: ['member_override', 'global_override', 'member_email', 'admin_setting', null] },
    status: { enum: ['queued', 'sending', 'sent', 'failed', 'unknown'] },
    attempts: { type: 'number' },
    error_message: NULLABLE_STRING,
    attachments: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'null' }] },
    resend_of: NULLABLE_NUMBER,
    resent_as: NULLABLE_NUMBER,
    needs_attention: { type: 'boolean' },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
  },
  required: ['id', 'email_type', 'recipient', 'recipient_source', 'status', 'attempts', 'error_message', 'attachments', 'resend_of', 'resent_as', 'needs_attention', 'created_at', 'updated_at'],
}

const OUTBOX_JOB = {
  type: 'object',
  properties: {
    id: { type: 'number' },
    type: { type: 'string' },
    label: { type: 'string' },
    detail: NULLABLE_STRING,
    state: OUTBOX_STATE,
    attempts: { type: 'number' },
    max_attempts: { type: 'number' },
    last_error: NULLABLE_STRING,
    next_retry_at: NULLABLE_STRING,
    updated_at: NULLABLE_STRING,
    replayable: { type: 'boolean' },
  },
  required: ['id', 'type', 'label', 'detail', 'state', 'attempts', 'max_attempts', 'last_error', 'next_retry_at', 'updated_at', 'replayable'],
}

/** Email Resend and the integration outbox (docs/operations.md §2–§3). */
documentRoutes({
  'admin.email_deliveries.resend': {
    summary: "Resend one email of a migration: a new delivery row, sent by a job (202); 409 when already resent or still being sent",
    access: 'admin',
    body: deliveryIdValidator,
    responses: {
      202: {
        type: 'object',
        properties: { success: { const: true }, message: { type: 'string' }, delivery: EMAIL_DELIVERY_SCHEMA },
        required: ['success', 'message', 'delivery'],
      },
    },
  },
  'admin.migrations.outbox': {
    summary: "A migration's insurer calls (one per member and configuration) and other outbound jobs",
    access: 'admin',
    body: migrationIdValidator,
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { const: true },
          calls: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                job_id: NULLABLE_NUMBER,
                api_name: { type: 'string' },
                member_name: NULLABLE_STRING,
                member_id: NULLABLE_STRING,
                attempts: { type: 'number' },
                response_status: NULLABLE_NUMBER,
                last_error: NULLABLE_STRING,
                last_attempt_at: NULLABLE_STRING,
                idempotency_key: NULLABLE_STRING,
                state: OUTBOX_STATE,
                next_retry_at: NULLABLE_STRING,
              },
              required: ['job_id', 'api_name', 'member_name', 'member_id', 'attempts', 'response_status', 'last_error', 'last_attempt_at', 'idempotency_key', 'state', 'next_retry_at'],
            },
          },
          jobs: { type: 'array', items: OUTBOX_JOB },
        },
        required: ['success', 'calls', 'jobs'],
      },
    },
  },
  'admin.outbox.replay': {
    summary: 'Replay one dead-lettered call or job (same idempotency key / delivery row); 409 when it is not in dead letter',
    access: 'admin',
    body: outboxJobIdValidator,
    responses: {
      202: {
        type: 'object',
        properties: { success: { const: true }, message: { type: 'string' }, job: OUTBOX_JOB },
        required: ['success', 'message', 'job'],
      },
    },
  },
  'admin.members.invitations': {
    summary: "A member's invitation and reminder emails with their delivery status, newest first (at most 200)",
    access: 'admin',
    body: deliveryIdValidator,
    responses: {
      200: {
        type: 'object',
        properties: { success: { const: true }, invitations: { type: 'array', items: EMAIL_DELIVERY_SCHEMA } },
        required: ['success', 'invitations'],
      },
    },
  },
  'admin.dead_letters.index': {
    summary: 'Every call and job in dead letter across migrations, latest failure first',
    access: 'admin',
    query: deadLetterListValidator,
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { const: true },
          total: { type: 'integer' },
          items: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'number' },
                type: { type: 'string' },
                label: { type: 'string' },
                migration_id: NULLABLE_NUMBER,
                migration_reference: NULLABLE_STRING,
                member_name: NULLABLE_STRING,
                member_id: NULLABLE_STRING,
                api_name: NULLABLE_STRING,
                attempts: { type: 'number' },
                last_error: NULLABLE_STRING,
                failed_at: NULLABLE_STRING,
                idempotency_key: NULLABLE_STRING,
                replayable: { type: 'boolean' },
              },
              required: ['id', 'type', 'label', 'migration_id', 'migration_reference', 'member_name', 'member_id', 'api_name', 'attempts', 'last_error', 'failed_at', 'idempotency_key', 'replayable'],
            },
          },
          unknown_emails: {
            type: 'array',
            description: 'Emails whose delivery is unknown (sender stopped after the hand-off began) and not resent yet: resend them with POST /api/admin/email-deliveries/{id}/resend',
            items: {
              type: 'object',
              properties: {
                id: { type: 'number' },
                migration_id: NULLABLE_NUMBER,
                migration_reference: NULLABLE_STRING,
                email_type: { type: 'string' },
                recipient: { type: 'string' },
                subject: { type: 'string' },
                error: NULLABLE_STRING,
                since: NULLABLE_STRING,
              },
              required: ['id', 'migration_id', 'migration_reference', 'email_type', 'recipient', 'subject', 'error', 'since'],
            },
          },
        },
        required: ['success', 'items', 'total', 'unknown_emails'],
      },
    },
  },
})
