import { Type, type Static } from '@sinclair/typebox'
import { documentRoutes, Nullable } from '#modules/api_contract/index'
import { cancellationPreviewValidator, cancellationValidator } from '../validators.js'

/** A coverage cancellation as the migration detail and the member area show it (amounts in cents). */
const CoverageCancellationView = Type.Object(
  {
    id: Type.Number(),
    /** admin: Cancel coverage; member: Withdraw (cooling-off period); member_stop: Stop future payments. */
    requestedBy: Type.Union([
      Type.Literal('admin'),
      Type.Literal('member'),
      Type.Literal('member_stop'),
    ]),
    reason: Type.String(),
    effectiveOn: Type.String(),
    refundRule: Type.Union([Type.Literal('cooling_off'), Type.Literal('unused_part')]),
    paidCents: Type.Number(),
    refundCents: Type.Number(),
    currency: Type.String(),
    status: Type.Union([
      Type.Literal('requested'),
      Type.Literal('refunded'),
      Type.Literal('completed'),
    ]),
    createdAt: Type.String(),
  },
  { $id: 'CoverageCancellationView' }
)

/** The refund a cancellation on `effectiveOn` would give, shown before confirming. */
const CancellationPreview = Type.Object(
  {
    effectiveOn: Type.String(),
    refundRule: Type.Union([Type.Literal('cooling_off'), Type.Literal('unused_part')]),
    paidCents: Type.Number(),
    refundCents: Type.Number(),
    currency: Type.String(),
    daysPaid: Type.Number(),
    daysUnused: Type.Number(),
    inCoolingOff: Type.Boolean(),
    coolingOffEndsOn: Type.String(),
    cancelsFutureInstallments: Type.Boolean(),
  },
  { $id: 'CancellationPreview' }
)

export const AdminMigrationCancellationAnswer = Type.Object({
  success: Type.Boolean(),
  cancellation: Nullable(CoverageCancellationView),
  preview: Nullable(CancellationPreview),
  notCancellable: Type.Optional(Type.String()),
})
export type AdminMigrationCancellationAnswer = Static<typeof AdminMigrationCancellationAnswer>

export const AdminMigrationCancelAnswer = Type.Object({
  success: Type.Boolean(),
  created: Type.Boolean(),
  cancellation: CoverageCancellationView,
})
export type AdminMigrationCancelAnswer = Static<typeof AdminMigrationCancelAnswer>

documentRoutes({
  'admin.migrations.cancellation': {
    summary:
      "The cancellation of a migration's coverage, or the refund a cancellation on effectiveOn (default today) would give",
    access: 'admin',
    query: cancellationPreviewValidator,
    responses: { 200: AdminMigrationCancellationAnswer },
  },
  'admin.migrations.cancel': {
    summary:
      "Cancel a migration's coverage with its refund (201; 200 with created false when it was cancelled already); 409 while fulfilment runs or when nothing was paid",
    access: 'admin',
    body: cancellationValidator,
    responses: { 201: AdminMigrationCancelAnswer, 200: AdminMigrationCancelAnswer },
  },
})
