/**
 * Paths of the back-office screens. react-admin runs inside the app's own
 * router, so its `basename` is not applied to react-router links and
 * `navigate()`: a bare '/migrations' would leave the back-office (and fall
 * through to /shop/login). Every back-office link is built here.
 */
const ADMIN_BASE = '/admin'

/** adminPath('migrations') → '/admin/migrations'; adminPath(`migrations/${id}`) → '/admin/migrations/12'. */
export function adminPath(path: string): string {
  const rest = path.replace(/^\/+/, '')
  return rest ? `${ADMIN_BASE}/${rest}` : ADMIN_BASE
}
