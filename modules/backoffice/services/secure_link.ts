import { frontendUrl } from '#modules/settings/index'

/** The absolute secure login link of a token: {FRONTEND_URL}/shop/login?token=… */
export async function secureLink(token: string): Promise<string> {
  const base = await frontendUrl()
  return `${base}/shop/login?token=${encodeURIComponent(token)}`
}

/** secureLink for many tokens: the public address read once. */
export async function secureLinks(): Promise<(token: string) => string> {
  const base = await frontendUrl()
  return (token) => `${base}/shop/login?token=${encodeURIComponent(token)}`
}
