/** Texts shared by the delivery lists (migration detail, member detail). */

/** Why an email went to its recipient (email_deliveries.recipient_source). */
const RECIPIENT_REASONS: Record<string, string> = {
  member_override: 'Member override',
  global_override: 'Global override',
  member_email: "Member's email",
  admin_setting: 'Admin notification email',
}

export function recipientReason(source: string | null) {
  return source ? (RECIPIENT_REASONS[source] ?? source) : 'Reason not recorded'
}

export function emailTypeLabel(type: string) {
  return type.replace(/_/g, ' ')
}

/** Date and time in the administrator's browser, for lists where the hour matters. */
export function dateTime(iso: string | null) {
  return iso
    ? new Date(iso).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' })
    : '—'
}
