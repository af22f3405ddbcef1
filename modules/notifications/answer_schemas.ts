import { Nullable } from '#modules/api_contract/index'
import { Type, type Static } from '@sinclair/typebox'

/** One email delivery as the back-office sees it (presentDelivery): the migration detail, the invitations list and a resend answer it. */
export const EmailDeliveryRow = Type.Object(
  {
    id: Type.Number(),
    email_type: Type.String(),
    recipient: Type.String(),
    recipient_source: Nullable(Type.String(), {
      description: 'member_override, global_override, member_email or admin_setting',
    }),
    status: Type.Union([
      Type.Literal('queued'),
      Type.Literal('sending'),
      Type.Literal('sent'),
      Type.Literal('failed'),
      Type.Literal('unknown'),
    ]),
    attempts: Type.Number(),
    error_message: Nullable(Type.String()),
    attachments: Nullable(Type.Array(Type.String())),
    resend_of: Nullable(Type.Number()),
    resent_as: Nullable(Type.Number()),
    needs_attention: Type.Boolean(),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'EmailDelivery' }
)
export type EmailDeliveryRow = Static<typeof EmailDeliveryRow>
