/**
 * The shop's accessibility matrix: every screen and dialog state the tour (shop_tour.ts) stops at,
 * each checked once per width by axe and HTML_CodeSniffer on the same load
 * (layout_accessibility.spec.ts). `route`: the shop route it shows (frontend/src/shop/ShopApp.tsx);
 * `dialog`: the dialog component open in it. tests/unit/frontend/shop_matrix_coverage.spec.ts fails
 * when a route or dialog of the shop has no entry here. Behaviour tests run no axe or htmlcs of their
 * own: a state they need checked is an entry here.
 */
export const SHOP_MATRIX = [
  { state: 'login', route: 'login' },
  // The login in the other two languages (the header's language switcher: shop_languages.spec.ts).
  { state: 'login-de', route: 'login' },
  { state: 'login-fr', route: 'login' },
  { state: 'login-error', route: 'login' },
  { state: 'token-login', route: 'login' },
  { state: 'dashboard', route: 'dashboard' },
  { state: 'dashboard-email-dialog', route: 'dashboard', dialog: 'EmailDialog' },
  { state: 'select-warning', route: 'select' },
  { state: 'select', route: 'select' },
  { state: 'checkout', route: 'checkout' },
  { state: 'success', route: 'success' },
  // After paying (member_area.spec.ts's screens): the member area, then a failed installment.
  { state: 'member-area', route: 'already-migrated' },
  // The end of the term 20 days away: the renewal card (RenewalCard), in the three languages.
  { state: 'member-area-renewal', route: 'already-migrated' },
  { state: 'member-area-renewal-de', route: 'already-migrated' },
  { state: 'member-area-renewal-fr', route: 'already-migrated' },
  { state: 'member-area-payment-failed', route: 'already-migrated' },
  { state: 'member-area-card-dialog', route: 'already-migrated', dialog: 'CardUpdateDialog' },
  // Outside the cooling-off period: Stop future payments in Withdraw's place.
  {
    state: 'member-area-stop-payments-dialog',
    route: 'already-migrated',
    dialog: 'StopPayments',
  },
  { state: 'member-area-withdraw-dialog', route: 'already-migrated', dialog: 'Withdrawal' },
  { state: 'member-area-withdrawn', route: 'already-migrated' },
  { state: 'already-migrated', route: 'already-migrated' },
  { state: 'on-hold', route: 'already-migrated' },
] as const satisfies readonly { state: string; route: string; dialog?: string }[]

export type ShopState = (typeof SHOP_MATRIX)[number]['state']
