import env from '#start/env'
import { settingsService } from './settings_service.js'

/** Where this server listens (HOST and PORT); a wildcard host is shown as localhost. */
export function listeningAddress(): string {
  const host = env.get('HOST')
  const shown =
    !host || host === '0.0.0.0' || host === '::'
      ? 'localhost'
      : host.includes(':')
        ? `[${host}]`
        : host
  return `http://${shown}:${env.get('PORT')}`
}

/**
 * The public address used in secure links, emails and exports, without a
 * trailing slash: the FRONTEND_URL setting (or its environment variable)
 * when set, else the address the server actually listens on.
 */
export async function frontendUrl(): Promise<string> {
  const configured = (await settingsService.raw('FRONTEND_URL')).trim()
  return (configured || listeningAddress()).replace(/\/+$/, '')
}
