import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import type { BackgroundTask } from '#modules/shared/index'
import { Migration } from '#modules/migrations/index'
import { settingsService } from '#modules/settings/index'
import {
  markUnknownAlerted,
  sendTemplatedEmail,
  settleLapsed,
  unknownDeliveriesToAlert,
} from '#modules/notifications/index'

/** The alert's own delivery key: one alert per unknown delivery, whichever process sends it. */
export const unknownAlertKey = (deliveryId: number) => `unknown-alert:${deliveryId}`

/** How often the sweep looks (the delivery lease: a lapsed sender is seen within two of them). */
const SWEEP_MS = 60_000

/**
 * Tells the admin notification address of each email left `unknown` (its sender stopped after
 * the hand-off to the mail server began: maybe delivered), once per delivery.
 * Nothing resends such an email on its own: an administrator decides (Dead Letters, Resend).
 * The alert is a keyed delivery, so two processes sweeping at once send it once; the row is
 * marked alerted only when the alert was accepted (or is itself unknown), else the next sweep
 * tries again. Without ADMIN_NOTIFICATION_EMAIL nothing is sent and nothing marked.
 */
export async function alertUnknownDeliveries() {
  const admin = await settingsService.get('ADMIN_NOTIFICATION_EMAIL')
  if (!admin) return { alerted: 0 }
  let alerted = 0
  for (const delivery of await unknownDeliveriesToAlert()) {
    const migration = delivery.migration_id ? await Migration.find(delivery.migration_id) : null
    const since = (delivery.updated_at ?? delivery.created_at).toUTC()
    const outcome = await sendTemplatedEmail({
      type: 'delivery_unknown_alert',
      to: String(admin),
      recipientSource: 'admin_setting',
      once: true,
      deliveryKey: unknownAlertKey(delivery.id),
      variables: {
        migration_reference: migration?.migration_reference ?? 'none',
        migration_id: delivery.migration_id === null ? '' : String(delivery.migration_id),
        unknown_email: `${delivery.email_type.replace(/_/g, ' ')} #${delivery.id} "${delivery.subject}"`,
        unknown_recipient: delivery.recipient,
        unknown_since: since.toFormat('dd.MM.yyyy HH:mm') + ' UTC',
        current_date: DateTime.utc().toFormat('dd.MM.yyyy'),
      },
    })
    if (['sent', 'already_sent', 'unknown'].includes(outcome.status)) {
      await markUnknownAlerted(delivery.id)
      alerted++
    } else {
      logger.warn({ deliveryId: delivery.id, outcome }, 'unknown delivery alert not sent yet')
    }
  }
  return { alerted }
}

/** Settles deliveries whose sender died (notifications' settleLapsed), then alerts the unknown ones. */
export async function sweepDeliveries() {
  const settled = await settleLapsed()
  const { alerted } = await alertUnknownDeliveries()
  return { ...settled, alerted }
}

/**
 * At boot and once a minute in every process with background tasks: a sender that died leaves
 * its row `sending` for ever otherwise (an invitation sent by a web request, say). Every process
 * may run it: each row changes by one conditional UPDATE, each alert is one keyed delivery.
 */
export const deliverySweepTask: BackgroundTask = {
  async start() {
    const sweep = () =>
      void sweepDeliveries().catch((error) =>
        logger.error({ err: error }, 'sweeping abandoned and unknown email deliveries failed')
      )
    sweep()
    const timer = setInterval(sweep, SWEEP_MS)
    timer.unref()
    return async () => clearInterval(timer)
  },
}
