import { settingsService } from '#modules/settings/index'

/** The absolute secure login link of a token: {FRONTEND_URL}/shop/login?token=… */
export async function secureLink(token: string): Promise<string> {
  const base = (await settingsService.get('FRONTEND_URL', 'http://localhost:3333')).trim().replace(/\/+$/, '')
  return `${base}/shop/login?token=${encodeURIComponent(token)}`
}
