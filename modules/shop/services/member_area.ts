import type { Member } from '#modules/members/index'
import { Migration, storedPricing } from '#modules/migrations/index'
import {
  Payment,
  Subscription,
  finishCardUpdate,
  payFailedInstallment,
  paymentReceipts,
  startCardUpdate,
} from '#modules/payments/index'
import {
  Document,
  cardLabel,
  creditNoteFile,
  creditNotesOf,
  purchaseLanguage,
  receiptOf,
  receiptPdf,
  storagePath,
} from '#modules/documents/index'
import { ApiError, fromCents } from '#modules/shared/index'

/** Migrations a member has paid for: the member area is theirs (decisions.md §4 blocks a second one). */
const PAID_STATUSES = ['processing', 'completed', 'completed_with_warnings']
/** A cancelled coverage stays visible in the member area (its documents, the cancellation confirmation among them), with nothing left to pay. */
const SHOWN_STATUSES = [...PAID_STATUSES, 'cancelled']

export type InstallmentStatus = 'paid' | 'due' | 'failed' | 'cancelled'

/**
 * The n-th payment record (by creation) settles the n-th installment: a paid record is `paid`, an
 * attempted but unpaid one `failed`, no record yet `due`. Once the coverage ended early (withdrawn,
 * cancelled, lapsed) nothing unpaid is owed any more: those installments are `cancelled`.
 */
function installmentStatus(payment: Payment | undefined, ended = false): InstallmentStatus {
  if (payment?.paid) return 'paid'
  if (ended) return 'cancelled'
  if (!payment) return 'due'
  return payment.status === 'void' ? 'due' : 'failed'
}

/** A coverage that ended before its term: withdrawn or cancelled (status), or lapsed after dunning. */
function endedEarly(migration: Migration) {
  return migration.status === 'cancelled' || migration.payment_status === 'lapsed'
}

/**
 * What the member is told about the documents, from the migration's documents step: being
 * prepared until the step has run; then ready, partly made, skipped (no template for the product)
 * or failed. Only "preparing" promises that documents will come by themselves.
 */
export type DocumentsState = 'preparing' | 'ready' | 'partial' | 'skipped' | 'failed'

function documentsState(documentStatus: string, documentCount: number): DocumentsState {
  if (documentStatus === 'generated') return documentCount > 0 ? 'ready' : 'skipped'
  if (documentStatus === 'partial' || documentStatus === 'skipped') return documentStatus
  if (documentStatus === 'failed' || documentStatus === 'unknown') return 'failed'
  return 'preparing'
}

async function paidMigrationOf(principal: Member, statuses = PAID_STATUSES) {
  return Migration.query()
    .where('member_id', principal.id)
    .whereIn('status', statuses)
    .orderBy('id', 'desc')
    .first()
}

/**
 * What a member who paid comes back to: the migration (reference, members, coverage, currency),
 * the schedule with each installment's status, and the policy documents.
 */
export async function memberArea(principal: Member) {
  const migration = await paidMigrationOf(principal, SHOWN_STATUSES)
  if (!migration)
    return {
      migration: null,
      recurring: false,
      cardUpdatedAt: null,
      card: null,
      canPayNow: false,
      schedule: [],
      documents: [],
      creditNotes: [],
      documentsState: null,
    }
  const pricing = await storedPricing(migration)
  const payments = await paymentReceipts.plan(migration.id)
  const documents = await Document.query().where('migration_id', migration.id).orderBy('id')
  const creditNotes = await creditNotesOf(migration.id)
  const subscription = await Subscription.query().where('migration_id', migration.id).first()
  const names = new Map(pricing.calculations.map((line) => [line.memberId, line.memberName]))
  const latestPaid = payments.filter((payment) => payment.paid).at(-1)
  const card = latestPaid
    ? await paymentReceipts.cardOf(
        latestPaid,
        migration.payment_provider,
        migration.payment_intent_id
      )
    : null
  return {
    migration: {
      id: migration.id,
      reference: migration.migration_reference,
      status: migration.status,
      currency: migration.currency,
      startDate: pricing.startDate,
      endDate: pricing.endDate,
      paymentFrequency: migration.payment_frequency,
      totalAmount: pricing.totalAmount,
      members: pricing.calculations.map((line) => ({
        name: line.memberName,
        memberId: line.memberIdStr,
        role: line.role,
        premium: line.calculatedPremium,
      })),
    },
    recurring: Boolean(subscription),
    cardUpdatedAt: subscription?.card_updated_at?.toISO() ?? null,
    card: card ? { ...card, label: cardLabel(card) } : null,
    canPayNow:
      !endedEarly(migration) && payments.some((payment) => installmentStatus(payment) === 'failed'),
    schedule: pricing.installmentSchedule.map((row, index) => ({
      ...row,
      status: installmentStatus(payments[index], endedEarly(migration)),
      receiptId: payments[index]?.paid ? payments[index].id : null,
    })),
    documents: documents.map((document) => ({
      id: document.id,
      fileName: document.file_name,
      memberName: names.get(document.member_id) ?? null,
    })),
    documentsState: documentsState(migration.document_status, documents.length),
    creditNotes: creditNotes.map((note) => ({
      id: note.id,
      number: note.number,
      amount: fromCents(note.amountCents),
      currency: note.currency,
      issuedAt: note.issuedAt,
    })),
  }
}

/** A credit note of one of the member's own migrations (its PDF as emailed), else 404. */
export function ownCreditNote(principal: Member, creditNoteId: number) {
  return creditNoteFile(
    creditNoteId,
    Migration.query().where('member_id', principal.id).select('id')
  )
}

/** A policy document of one of the member's own migrations, else 404 (whether it exists or not). */
export async function ownDocument(principal: Member, documentId: number) {
  const document = await Document.query()
    .where('id', documentId)
    .whereIn('migration_id', Migration.query().where('member_id', principal.id).select('id'))
    .first()
  if (!document) throw new ApiError('Document not found', 404)
  return { path: storagePath(document.file_path), fileName: document.file_name }
}

/** The receipt PDF of a paid installment of one of the member's own migrations, else 404 (whether it exists or not). */
export async function ownReceipt(principal: Member, paymentId: number) {
  const payment = await Payment.query()
    .where('id', paymentId)
    .whereIn('migration_id', Migration.query().where('member_id', principal.id).select('id'))
    .first()
  if (!payment) throw new ApiError('Receipt not found', 404)
  // In the purchase's language, like the receipt sent by email.
  const language = await purchaseLanguage(payment.migration_id, principal.language)
  const facts = await receiptOf(payment.migration_id, payment.id, language)
  if (!facts) throw new ApiError('Receipt not found', 404)
  return { pdf: await receiptPdf(facts, language), fileName: facts.fileName }
}

/** Pays the failed installment of the member's paid migration now (payments/pay_failed_installment.ts). */
export async function payNow(principal: Member) {
  const migration = await paidMigrationOf(principal)
  if (!migration) throw new ApiError('There is no failed payment to pay', 409)
  return payFailedInstallment(migration)
}

async function requirePaidMigration(principal: Member) {
  const migration = await paidMigrationOf(principal)
  if (!migration)
    throw new ApiError('This plan has no recurring payments whose card could be changed', 409)
  return migration
}

/** Card change of the member's recurring plan (payments/card_update.ts). */
export const cardUpdate = {
  start: async (principal: Member) => startCardUpdate(await requirePaidMigration(principal)),
  finish: async (principal: Member, setupIntentId: string | null) =>
    finishCardUpdate(await requirePaidMigration(principal), setupIntentId),
}
