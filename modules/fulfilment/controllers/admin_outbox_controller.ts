import type { HttpContext } from '@adonisjs/core/http'
import { adminActor } from '#modules/audit/index'
import { invitationDeliveriesOf } from '#modules/notifications/index'
import { resendDelivery } from '../services/email_resend.js'
import { deadLetters, migrationOutbox, replayOutboxJob } from '../services/outbox.js'
import {
  deadLetterListValidator,
  deliveryIdValidator,
  migrationIdValidator,
  outboxJobIdValidator,
} from '../validators.js'
import type {
  AdminDeadLettersIndexAnswer,
  AdminEmailDeliveriesResend202Answer,
  AdminMembersInvitationsAnswer,
  AdminMigrationsOutboxAnswer,
  AdminOutboxReplay202Answer,
} from '../api_docs.js'

/** Email Resend and the integration outbox (docs/operations.md §2–§3). */
export default class AdminOutboxController {
  /** Queues the email again as a new delivery row; 202: the job sends it. */
  async resend(ctx: HttpContext): Promise<AdminEmailDeliveriesResend202Answer> {
    const { params } = await ctx.request.validateUsing(deliveryIdValidator)
    const delivery = await resendDelivery(params.id, adminActor(ctx))
    ctx.response.status(202)
    return { success: true, message: 'Resend queued', delivery }
  }

  async migrationOutbox({ request }: HttpContext): Promise<AdminMigrationsOutboxAnswer> {
    const { params } = await request.validateUsing(migrationIdValidator)
    return { success: true, ...(await migrationOutbox(params.id)) }
  }

  /** Queues one dead-lettered job again; 202: the worker runs it. */
  async replay(ctx: HttpContext): Promise<AdminOutboxReplay202Answer> {
    const { params } = await ctx.request.validateUsing(outboxJobIdValidator)
    const job = await replayOutboxJob(params.id, adminActor(ctx))
    ctx.response.status(202)
    return { success: true, message: 'Replay queued', job }
  }

  /** The member detail's invitations and reminders with their delivery status, newest first. */
  async memberInvitations({ request }: HttpContext): Promise<AdminMembersInvitationsAnswer> {
    const { params } = await request.validateUsing(deliveryIdValidator)
    return { success: true, invitations: await invitationDeliveriesOf(params.id) }
  }

  async deadLetters({ request }: HttpContext): Promise<AdminDeadLettersIndexAnswer> {
    const { page = 1, limit = 50 } = await request.validateUsing(deadLetterListValidator)
    return { success: true, ...(await deadLetters(page, limit)) }
  }
}
