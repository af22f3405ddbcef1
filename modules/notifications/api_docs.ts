import { Type, type Static } from '@sinclair/typebox'
import { documentRoutes, Nullable } from '#modules/api_contract/index'
import {
  createOverrideValidator,
  emailTemplateValidator,
  idParamValidator,
  memberSearchValidator,
  templatePreviewValidator,
  updateOverrideValidator,
} from './admin_validators.js'

const TemplateVariable = Type.Object(
  {
    name: Type.String(),
    description: Nullable(Type.String()),
  },
  { $id: 'TemplateVariable' }
)
type TemplateVariable = Static<typeof TemplateVariable>

const Template = Type.Object(
  {
    id: Type.Number(),
    template_type: Type.String(),
    language: Type.String({
      description:
        'The language of this version (en, de, fr); sending falls back to English when a language has no active version',
    }),
    name: Type.String(),
    subject: Type.String(),
    html_content: Type.String(),
    is_active: Type.Boolean(),
    created_at: Nullable(Type.String()),
    updated_at: Nullable(Type.String()),
  },
  { $id: 'Template' }
)
type Template = Static<typeof Template>

const Override = Type.Object(
  {
    id: Type.Number(),
    member_id: Nullable(Type.String()),
    insured_full_name: Nullable(Type.String()),
    original_email: Nullable(Type.String()),
    override_email: Type.String(),
    notes: Nullable(Type.String()),
    created_by: Nullable(Type.String()),
    created_at: Nullable(Type.String()),
    updated_at: Nullable(Type.String()),
  },
  { $id: 'Override' }
)
type Override = Static<typeof Override>

export const AdminEmailTemplatesActivateAnswer = Type.Object(
  {
    success: Type.Boolean(),
    template: Template,
  },
  { $id: 'AdminEmailTemplatesActivateAnswer' }
)
export type AdminEmailTemplatesActivateAnswer = Static<typeof AdminEmailTemplatesActivateAnswer>

export const AdminEmailOverridesShowAnswer = Type.Object(
  {
    success: Type.Boolean(),
    override: Override,
  },
  { $id: 'AdminEmailOverridesShowAnswer' }
)
export type AdminEmailOverridesShowAnswer = Static<typeof AdminEmailOverridesShowAnswer>

export const AdminEmailOverridesDestroyAnswer = Type.Object({
  success: Type.Boolean(),
})
export type AdminEmailOverridesDestroyAnswer = Static<typeof AdminEmailOverridesDestroyAnswer>

export const AdminEmailOverridesIndexAnswer = Type.Object({
  success: Type.Boolean(),
  overrides: Type.Array(Override),
})
export type AdminEmailOverridesIndexAnswer = Static<typeof AdminEmailOverridesIndexAnswer>

export const AdminEmailOverridesSearchMembersAnswer = Type.Object({
  success: Type.Boolean(),
  members: Type.Array(
    Type.Object({
      member_id: Nullable(Type.String()),
      insured_full_name: Nullable(Type.String()),
      email: Nullable(Type.String()),
    })
  ),
})
export type AdminEmailOverridesSearchMembersAnswer = Static<
  typeof AdminEmailOverridesSearchMembersAnswer
>

export const AdminEmailTemplatesIndexAnswer = Type.Object({
  success: Type.Boolean(),
  templates: Type.Array(Template),
})
export type AdminEmailTemplatesIndexAnswer = Static<typeof AdminEmailTemplatesIndexAnswer>

export const AdminEmailTemplatesPreviewAnswer = Type.Object({
  success: Type.Boolean(),
  subject: Type.String(),
  html: Type.String(),
  /** The sample values of the template variables, by variable name. */
  variables: Type.Record(Type.String(), Type.String()),
})
export type AdminEmailTemplatesPreviewAnswer = Static<typeof AdminEmailTemplatesPreviewAnswer>

export const AdminEmailTemplatesVariablesAnswer = Type.Object({
  success: Type.Boolean(),
  member: Type.Array(TemplateVariable),
  migration: Type.Array(TemplateVariable),
  system: Type.Array(TemplateVariable),
  payment: Type.Array(TemplateVariable),
})
export type AdminEmailTemplatesVariablesAnswer = Static<typeof AdminEmailTemplatesVariablesAnswer>

/** The contract of this module's routes: validators used by its controllers, and the JSON Schema of each success answer. */
documentRoutes({
  'admin.email_overrides.destroy': {
    summary: 'Delete an email override',
    access: 'admin',
    params: idParamValidator,
    responses: {
      200: AdminEmailOverridesDestroyAnswer,
    },
  },
  'admin.email_overrides.index': {
    summary: 'Email overrides',
    access: 'admin',
    responses: {
      200: AdminEmailOverridesIndexAnswer,
    },
  },
  'admin.email_overrides.search_members': {
    summary: 'Find members for an email override',
    access: 'admin',
    query: memberSearchValidator,
    responses: {
      200: AdminEmailOverridesSearchMembersAnswer,
    },
  },
  'admin.email_overrides.show': {
    summary: 'One email override',
    access: 'admin',
    params: idParamValidator,
    responses: {
      200: AdminEmailOverridesShowAnswer,
    },
  },
  'admin.email_overrides.store': {
    summary: 'Create an email override',
    access: 'admin',
    body: createOverrideValidator,
    responses: {
      201: AdminEmailOverridesShowAnswer,
    },
  },
  'admin.email_overrides.update': {
    summary: 'Update an email override',
    access: 'admin',
    body: updateOverrideValidator,
    params: idParamValidator,
    responses: {
      200: AdminEmailOverridesShowAnswer,
    },
  },
  'admin.email_templates.activate': {
    summary: 'Make a template the active one of its type',
    access: 'admin',
    params: idParamValidator,
    responses: {
      200: AdminEmailTemplatesActivateAnswer,
    },
  },
  'admin.email_templates.destroy': {
    summary: 'Delete an email template',
    access: 'admin',
    params: idParamValidator,
    responses: {
      200: AdminEmailOverridesDestroyAnswer,
    },
  },
  'admin.email_templates.index': {
    summary: 'Email templates',
    access: 'admin',
    responses: {
      200: AdminEmailTemplatesIndexAnswer,
    },
  },
  'admin.email_templates.preview': {
    summary: 'Render an email template with sample data',
    access: 'admin',
    body: templatePreviewValidator,
    responses: {
      200: AdminEmailTemplatesPreviewAnswer,
    },
  },
  'admin.email_templates.show': {
    summary: 'One email template',
    access: 'admin',
    params: idParamValidator,
    responses: {
      200: AdminEmailTemplatesActivateAnswer,
    },
  },
  'admin.email_templates.store': {
    summary: 'Create an email template',
    access: 'admin',
    body: emailTemplateValidator,
    responses: {
      201: AdminEmailTemplatesActivateAnswer,
    },
  },
  'admin.email_templates.update': {
    summary: 'Update an email template',
    access: 'admin',
    body: emailTemplateValidator,
    params: idParamValidator,
    responses: {
      200: AdminEmailTemplatesActivateAnswer,
    },
  },
  'admin.email_templates.variables': {
    summary: 'Variables email templates may use',
    access: 'admin',
    responses: {
      200: AdminEmailTemplatesVariablesAnswer,
    },
  },
})
