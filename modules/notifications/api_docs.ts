import { documentRoutes } from '#modules/api_contract/index'
import { createOverrideValidator, emailTemplateValidator, idParamValidator, memberSearchValidator, templatePreviewValidator, updateOverrideValidator } from './admin_validators.js'

/** The answer of admin.email_overrides.destroy, admin.email_templates.destroy. */
const MESSAGE_ANSWER = {
  type: 'object',
  properties: { success: { type: 'boolean' } },
  required: ['success'],
}

/** The answer of admin.email_overrides.show, admin.email_overrides.update. */
const OVERRIDE_ANSWER = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    override: {
      type: 'object',
      properties: {
        id: { type: 'number' },
        member_id: { type: ['string', 'null'] },
        insured_full_name: { type: 'string' },
        original_email: { type: ['string', 'null'] },
        override_email: { type: 'string' },
        notes: {},
        created_by: { type: ['string', 'null'] },
        created_at: { type: 'string' },
        updated_at: { type: ['string', 'null'] },
      },
      required: [
        'id',
        'member_id',
        'insured_full_name',
        'original_email',
        'override_email',
        'notes',
        'created_by',
        'created_at',
        'updated_at',
      ],
    },
  },
  required: ['success', 'override'],
}

/** The answer of admin.email_templates.activate, admin.email_templates.show, admin.email_templates.update. */
const TEMPLATE_ANSWER = {
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    template: {
      type: 'object',
      properties: {
        id: { type: 'number' },
        template_type: { type: 'string' },
        name: { type: 'string' },
        subject: { type: 'string' },
        html_content: { type: 'string' },
        is_active: { type: 'boolean' },
        created_at: { type: 'string' },
        updated_at: { type: ['string', 'null'] },
      },
      required: [
        'id',
        'template_type',
        'name',
        'subject',
        'html_content',
        'is_active',
        'created_at',
        'updated_at',
      ],
    },
  },
  required: ['success', 'template'],
}

/** The contract of this module's routes: validators used by its controllers, and the JSON Schema of each success answer. */
documentRoutes({
  'admin.email_overrides.destroy': {
    summary: 'Delete an email override',
    access: 'admin',
    params: idParamValidator,
    responses: {
      200: MESSAGE_ANSWER,
    },
  },
  'admin.email_overrides.index': {
    summary: 'Email overrides',
    access: 'admin',
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          overrides: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'number' },
                member_id: { type: ['string', 'null'] },
                insured_full_name: { type: 'string' },
                original_email: { type: ['string', 'null'] },
                override_email: { type: 'string' },
                notes: { type: ['string', 'null'] },
                created_by: { type: ['string', 'null'] },
                created_at: { type: 'string' },
                updated_at: { type: ['string', 'null'] },
              },
              required: [
                'id',
                'member_id',
                'insured_full_name',
                'original_email',
                'override_email',
                'notes',
                'created_by',
                'created_at',
                'updated_at',
              ],
            },
          },
        },
        required: ['success', 'overrides'],
      },
    },
  },
  'admin.email_overrides.search_members': {
    summary: 'Find members for an email override',
    access: 'admin',
    query: memberSearchValidator,
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          members: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                member_id: { type: ['string', 'null'] },
                insured_full_name: { type: 'string' },
                email: { type: ['string', 'null'] },
              },
              required: ['member_id', 'insured_full_name', 'email'],
            },
          },
        },
        required: ['success', 'members'],
      },
    },
  },
  'admin.email_overrides.show': {
    summary: 'One email override',
    access: 'admin',
    params: idParamValidator,
    responses: {
      200: OVERRIDE_ANSWER,
    },
  },
  'admin.email_overrides.store': {
    summary: 'Create an email override',
    access: 'admin',
    body: createOverrideValidator,
    responses: {
      201: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          override: {
            type: 'object',
            properties: {
              id: { type: 'number' },
              member_id: { type: ['string', 'null'] },
              insured_full_name: { type: 'string' },
              original_email: { type: ['string', 'null'] },
              override_email: { type: 'string' },
              notes: { type: ['null', 'string'] },
              created_by: { type: ['string', 'null'] },
              created_at: { type: 'string' },
              updated_at: { type: ['string', 'null'] },
            },
            required: [
              'id',
              'member_id',
              'insured_full_name',
              'original_email',
              'override_email',
              'notes',
              'created_by',
              'created_at',
              'updated_at',
            ],
          },
        },
        required: ['success', 'override'],
      },
    },
  },
  'admin.email_overrides.update': {
    summary: 'Update an email override',
    access: 'admin',
    body: updateOverrideValidator,
    params: idParamValidator,
    responses: {
      200: OVERRIDE_ANSWER,
    },
  },
  'admin.email_templates.activate': {
    summary: 'Make a template the active one of its type',
    access: 'admin',
    params: idParamValidator,
    responses: {
      200: TEMPLATE_ANSWER,
    },
  },
  'admin.email_templates.destroy': {
    summary: 'Delete an email template',
    access: 'admin',
    params: idParamValidator,
    responses: {
      200: MESSAGE_ANSWER,
    },
  },
  'admin.email_templates.index': {
    summary: 'Email templates',
    access: 'admin',
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          templates: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'number' },
                template_type: { type: 'string' },
                name: { type: 'string' },
                subject: { type: 'string' },
                html_content: { type: 'string' },
                is_active: { type: 'boolean' },
                created_at: { type: 'string' },
                updated_at: { type: ['string', 'null'] },
              },
              required: [
                'id',
                'template_type',
                'name',
                'subject',
                'html_content',
                'is_active',
                'created_at',
                'updated_at',
              ],
            },
          },
        },
        required: ['success', 'templates'],
      },
    },
  },
  'admin.email_templates.preview': {
    summary: 'Render an email template with sample data',
    access: 'admin',
    body: templatePreviewValidator,
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          subject: { type: 'string' },
          html: { type: 'string' },
          variables: {
            type: 'object',
            properties: {
              member_name: { type: ['string', 'null'] },
              member_email: { type: 'string' },
              member_id: { type: ['string', 'null'] },
              date_of_birth: { type: ['string', 'null'] },
              citizenship: { type: ['string', 'null'] },
              residence_country: { type: ['string', 'null'] },
              product_name: { type: ['string', 'null'] },
              product_alias: { type: ['string', 'null'] },
              plan_name: { type: ['string', 'null'] },
              sum_insured: { type: ['string', 'null'] },
              final_premium: { type: ['string', 'null'] },
              policy: { type: 'string' },
              policy_start_date: { type: ['string', 'null'] },
              policy_end_date: { type: ['string', 'null'] },
              migration_reference: { type: 'string' },
              migration_id: { type: ['string', 'null'] },
              total_amount: { type: 'string' },
              currency: { type: 'string' },
              duration_type: { type: 'string' },
              duration_days: { type: 'string' },
              end_date: { type: 'string' },
              member_count: { type: 'string' },
              payment_frequency: { type: 'string' },
              subscription_status: { type: 'string' },
              subscription_id: { type: ['string', 'null'] },
              days_remaining: { type: 'string' },
              cancelled_at: { type: ['string', 'null'] },
              current_date: { type: 'string' },
              frontend_url: { type: 'string' },
              secure_link: { type: 'string' },
              link_expires_on: { type: 'string' },
            },
            required: [
              'member_name',
              'member_email',
              'member_id',
              'date_of_birth',
              'citizenship',
              'residence_country',
              'product_name',
              'product_alias',
              'plan_name',
              'sum_insured',
              'final_premium',
              'policy',
              'policy_start_date',
              'policy_end_date',
              'migration_reference',
              'migration_id',
              'total_amount',
              'currency',
              'duration_type',
              'duration_days',
              'end_date',
              'member_count',
              'payment_frequency',
              'subscription_status',
              'subscription_id',
              'days_remaining',
              'cancelled_at',
              'current_date',
              'frontend_url',
              'secure_link',
              'link_expires_on',
            ],
          },
        },
        required: ['success', 'subject', 'html', 'variables'],
      },
    },
  },
  'admin.email_templates.show': {
    summary: 'One email template',
    access: 'admin',
    params: idParamValidator,
    responses: {
      200: TEMPLATE_ANSWER,
    },
  },
  'admin.email_templates.store': {
    summary: 'Create an email template',
    access: 'admin',
    body: emailTemplateValidator,
    responses: {
      201: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          template: {
            type: 'object',
            properties: {
              id: { type: 'number' },
              template_type: { type: 'string' },
              name: { type: 'string' },
              subject: { type: 'string' },
              html_content: { type: 'string' },
              is_active: { type: 'boolean' },
              created_at: { type: 'string' },
              updated_at: { type: ['string', 'null'] },
            },
            required: [
              'id',
              'template_type',
              'name',
              'subject',
              'html_content',
              'is_active',
              'created_at',
              'updated_at',
            ],
          },
        },
        required: ['success', 'template'],
      },
    },
  },
  'admin.email_templates.update': {
    summary: 'Update an email template',
    access: 'admin',
    body: emailTemplateValidator,
    params: idParamValidator,
    responses: {
      200: TEMPLATE_ANSWER,
    },
  },
  'admin.email_templates.variables': {
    summary: 'Variables email templates may use',
    access: 'admin',
    responses: {
      200: {
        type: 'object',
        properties: {
          success: { type: 'boolean' },
          member: {
            type: 'array',
            items: {
              type: 'object',
              properties: { name: { type: 'string' }, description: { type: ['string', 'null'] } },
              required: ['name', 'description'],
            },
          },
          migration: {
            type: 'array',
            items: {
              type: 'object',
              properties: { name: { type: 'string' }, description: { type: ['string', 'null'] } },
              required: ['name', 'description'],
            },
          },
          system: {
            type: 'array',
            items: {
              type: 'object',
              properties: { name: { type: 'string' }, description: { type: ['string', 'null'] } },
              required: ['name', 'description'],
            },
          },
        },
        required: ['success', 'member', 'migration', 'system'],
      },
    },
  },
})
