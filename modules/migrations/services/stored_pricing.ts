import MigrationMember from '../models/migration_member.js'
import Installment from '../models/installment.js'
import type Migration from '../models/migration.js'

const isoDate = (value: { toISODate(): string | null } | null) => value?.toISODate() ?? ''

/** A stored migration read back as the pricing result it was created at (the amounts it charges). */
export async function storedPricing(migration: Migration) {
  const members = await MigrationMember.query().where('migration_id', migration.id).orderBy('id')
  const installments = await Installment.query()
    .where('migration_id', migration.id)
    .orderBy('payment_number')
  return {
    calculations: members.map((line) => ({
      memberId: line.member_id,
      memberName: line.insured_full_name,
      memberIdStr: line.member_id_str,
      role: line.insured_role,
      calculatedPremium: Number(line.calculated_premium),
      annualPremium: Number(line.annual_premium),
    })),
    currency: migration.currency,
    durationType: migration.duration_type,
    durationDays: migration.duration_days,
    startDate: isoDate(migration.start_date),
    endDate: isoDate(migration.end_date),
    totalAmount: Number(migration.total_amount),
    paymentFrequency: migration.payment_frequency,
    subscriptionAmount: Number(migration.subscription_amount),
    numberOfPayments: migration.number_of_payments,
    installmentSchedule: installments.map((row) => ({
      paymentNumber: row.payment_number,
      amount: Number(row.amount),
      dueDate: isoDate(row.due_date),
      isReconciliation: Boolean(row.is_reconciliation),
    })),
  }
}
