import { DateTime } from 'luxon'
import { getBranding } from '#modules/settings/index'
import { dateFormatter, renderPdf, type LayoutBlock } from '#modules/documents/index'
import { formatAmount, toCents, translator, type Language } from '#modules/shared/index'
import type { MemberDataExport } from './member_data_export.js'

type Row = Array<string | number | null | undefined>

/** The words of an insurer call's kind and of who made a recorded change (keys written out whole). */
const CALL_LABELS: Record<string, string> = {
  enrolment: 'call_enrolment',
  cancellation: 'call_cancellation',
}
const BY_LABELS: Record<string, string> = {
  member: 'by_member',
  system: 'by_system',
  administrator: 'by_administrator',
}

/** A payload's top-level values as "key: value" pairs (the JSON download holds it whole). */
function summary(payload: unknown): string {
  if (payload === null || payload === undefined) return ''
  if (typeof payload !== 'object') return String(payload)
  return Object.entries(payload as Record<string, unknown>)
    .map(
      ([key, value]) =>
        `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`
    )
    .join(', ')
}

/**
 * "Download my data" as a readable PDF (docs/privacy.md): the same content as the JSON, in the
 * member's language, drawn by fulfilment's document renderer in the brand's colours.
 */
export async function memberDataPdf(data: MemberDataExport, language: Language): Promise<Buffer> {
  const i18n = translator(language)
  const t = (key: string, values?: Record<string, unknown>) => i18n.t(`my_data.${key}`, values)
  const label = (key: string) => t(`labels.${key}`)
  const formatDate = await dateFormatter()
  const date = (iso: string | null | undefined) => {
    if (!iso) return ''
    const parsed = DateTime.fromISO(iso, { zone: 'utc' })
    return parsed.isValid ? formatDate(parsed) : iso
  }
  const money = (amount: number, currency: string) =>
    formatAmount(toCents(amount), currency, language)
  const branding = await getBranding(language)
  const principal = data.members[0]
  /** A stored word (a status, a role, a language code) in the language; one the catalogue lacks as stored. */
  const word = (group: string, value: string | null | undefined) =>
    value && /^\w+$/.test(value) ? i18n.t(`${group}.${value}`, {}, value) : (value ?? '')
  const status = (value: string | null | undefined) => word('my_data.statuses', value)

  const blocks: LayoutBlock[] = [
    { type: 'header' },
    { type: 'title', text: t('title', { brand: branding.brandName }) },
    { type: 'paragraph', text: t('intro', { date: date(data.generated_at) }) },
  ]
  /** A table, or "None" under its title when there is nothing to list. */
  const table = (title: string, columns: string[], rows: Row[]) => {
    if (rows.length === 0) {
      blocks.push({ type: 'subtitle', text: title }, { type: 'paragraph', text: t('none') })
      return
    }
    blocks.push({
      type: 'table',
      title,
      columns,
      rows: rows.map((row) =>
        row.map((cell) => (cell === null || cell === undefined ? '' : String(cell)))
      ),
    })
  }

  for (const member of data.members) {
    blocks.push({
      type: 'fields',
      title: member === principal ? t('sections.members') : undefined,
      rows: [
        [label('name'), member.insured_full_name],
        [label('member_id'), member.member_id],
        [label('date_of_birth'), date(member.date_of_birth)],
        [label('role'), word('documents.roles', member.insured_role)],
        [label('email'), member.email ?? ''],
        [label('residence'), member.residence_country ?? ''],
        [label('language'), word('my_data.languages', member.language)],
      ],
    })
  }
  table(
    t('sections.migrations'),
    [label('reference'), label('product'), label('period'), label('amount'), label('status')],
    data.migrations.map((migration) => [
      migration.reference,
      [migration.product_name, migration.plan_name].filter(Boolean).join(' – '),
      `${date(migration.start_date)} – ${date(migration.end_date)}`,
      money(migration.total_amount, migration.currency),
      status(migration.status),
    ])
  )
  for (const migration of data.migrations) {
    if (migration.installments.length > 0)
      table(
        t('sections.installments', { reference: migration.reference }),
        [label('number'), label('date'), label('amount')],
        migration.installments.map((installment) => [
          installment.number,
          date(installment.due_date),
          money(installment.amount, migration.currency),
        ])
      )
  }
  const consents = data.migrations.flatMap((migration) =>
    migration.consents.map((consent) => ({ migration, consent }))
  )
  blocks.push({ type: 'subtitle', text: t('sections.consents') })
  if (consents.length === 0) blocks.push({ type: 'paragraph', text: t('none') })
  for (const { migration, consent } of consents) {
    blocks.push(
      {
        type: 'note',
        text: `${migration.reference}: ${t('labels.accepted_at', {
          date: date(consent.accepted_at),
          language: word('my_data.languages', consent.language),
          version: consent.text_version,
        })}`,
      },
      { type: 'paragraph', text: consent.text }
    )
  }
  table(
    t('sections.payments'),
    [label('date'), label('amount'), label('status'), label('reference')],
    data.payments.map((payment) => [
      date(payment.paid_at),
      money(payment.amount, payment.currency),
      status(payment.status),
      payment.provider_payment_id,
    ])
  )
  table(
    t('sections.refunds'),
    [label('date'), label('amount'), label('status'), label('reason')],
    data.refunds.map((refund) => [
      date(refund.refunded_at),
      money(refund.amount, refund.currency),
      status(refund.status),
      refund.reason,
    ])
  )
  table(
    t('sections.cancellations'),
    [label('date'), label('amount'), label('status'), label('reason')],
    data.cancellations.map((cancellation) => [
      date(cancellation.effective_on),
      money(cancellation.refund, cancellation.currency),
      status(cancellation.status),
      cancellation.reason,
    ])
  )
  table(
    t('sections.documents'),
    [label('file'), label('date'), label('link')],
    data.documents.map((document) => [document.file_name, date(document.created_at), document.link])
  )
  table(
    t('sections.emails'),
    [label('date'), label('subject'), label('recipient'), label('status')],
    data.emails.map((email) => [
      date(email.created_at),
      email.subject,
      email.recipient,
      status(email.status),
    ])
  )
  table(
    t('sections.email_overrides'),
    [label('date'), label('email'), label('notes')],
    data.email_overrides.map((override) => [
      date(override.created_at),
      override.email,
      override.notes,
    ])
  )
  table(
    t('sections.insurer_calls'),
    [label('date'), label('insurer'), label('call'), label('status'), label('sent')],
    data.insurer_calls.map((call) => [
      date(call.created_at),
      call.insurer,
      CALL_LABELS[call.call_type] ? label(CALL_LABELS[call.call_type]) : call.call_type,
      call.success
        ? t('labels.succeeded', { status: call.response_status ?? '' })
        : label('failed'),
      summary(call.sent),
    ])
  )
  table(
    t('sections.sign_ins'),
    [label('date'), label('device'), label('ip')],
    data.sign_ins.map((signIn) => [date(signIn.signed_in_at), signIn.user_agent, signIn.ip])
  )
  table(
    t('sections.history'),
    [label('date'), label('action'), label('by')],
    data.history.map((entry) => [date(entry.at), entry.action, label(BY_LABELS[entry.by])])
  )
  if (data.migration_blocks.length > 0)
    table(
      t('sections.blocks'),
      [label('date'), label('reason')],
      data.migration_blocks.map((block) => [date(block.created_at), block.reason])
    )

  return renderPdf(
    {
      title: t('meta_title', { memberId: principal?.member_id ?? '' }),
      footer: t('footer', { memberId: principal?.member_id ?? '' }),
      blocks,
    },
    {},
    branding,
    null,
    language
  )
}
