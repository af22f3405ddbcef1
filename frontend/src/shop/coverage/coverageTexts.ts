/**
 * Every new text of the "what you buy" card and the consent box, in one place (issue 25 §1–2), so
 * the languages' catalogue (issue 25 §3) can take them over one by one. Texts with values are
 * whole sentences with named placeholders, never built from pieces.
 */
export const COVERAGE_TEXTS = {
  title: 'What you are buying',
  coverage: 'New coverage',
  dates: 'Coverage dates',
  datesValue: ({ start, end }: { start: string; end: string }) => `${start} to ${end}`,
  datesPending: 'Shown with your price',
  overallLimit: 'Overall annual limit',
  limitNote: ({ currency }: { currency: string }) =>
    `Limits are in ${currency}, the currency your insurer set them in; they do not change with exchange rates.`,
  asPerPolicy: 'As per policy',
  benefits: 'Key benefits',
  benefitList: [
    'In-patient treatment: hospital stays, surgery, intensive care, up to the overall limit',
    'Out-patient treatment: specialists, diagnostics, prescribed drugs, up to the overall limit',
    'Emergency medical evacuation, when approved in advance, up to the overall limit',
  ],
  limitsApply: 'Limits apply per insured person and policy year.',
  documents: 'Documents to read before paying',
  conditions: 'Policy conditions (PDF)',
  preContract: 'Pre-contract information (PDF)',
  documentsMissing:
    'The policy conditions and pre-contract information are available from support before you pay.',
  coolingOff: ({ days }: { days: number }) =>
    `Cooling-off right: you may withdraw within ${days} days of your first payment and get the whole amount back (Withdraw in your member area).`,
  previousCoverage: ({ previous }: { previous: string }) =>
    `Your current coverage (${previous}) is replaced by the new coverage from its start date; it is not renewed.`,
  previousCoverageUnnamed:
    'Your current coverage is replaced by the new coverage from its start date; it is not renewed.',
} as const

export const CONSENT_TEXTS_UI = {
  title: 'Your consent',
  checkbox: 'I agree',
  recording: 'Recording your consent…',
  recorded: ({ time }: { time: string }) => `Consent recorded at ${time}.`,
  payDisabled: 'Tick the box above to pay.',
} as const
