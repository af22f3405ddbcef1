import db from '@adonisjs/lucid/services/db'
import { ApiError, OutboundUrlRefused, checkOutboundUrl } from '#modules/shared/index'
import { recordAudit, type Actor } from '#modules/audit/index'
import ApiConfiguration, { type ApiAuthType } from '../models/api_configuration.js'
import type { ApiConfig } from '../api_docs.js'

/** Shown instead of a stored token or key; sending it back keeps the stored secret. */
const SECRET_MASK = '••••••••'
const DEFAULT_API_KEY_HEADER = 'X-API-Key'

export interface ApiConfigInput {
  name: string
  endpointUrl: string
  cancellationEndpointUrl?: string | null
  authType?: 'none' | 'bearer' | 'api_key' | null
  authConfig?: { token?: string | null; key?: string | null; header?: string | null } | null
  enabled?: boolean
}

const mask = (secret: string | undefined) => (secret ? SECRET_MASK : '')

/** The spec's API configuration shape with token and key never in clear. */
function serialize(config: ApiConfiguration): ApiConfig {
  const auth = config.auth_config ?? {}
  const authConfig =
    config.auth_type === 'bearer'
      ? { token: mask(auth.token) }
      : config.auth_type === 'api_key'
        ? { key: mask(auth.key), header: auth.header || DEFAULT_API_KEY_HEADER }
        : null
  return {
    id: config.id,
    name: config.name,
    endpoint_url: config.endpoint_url,
    cancellation_endpoint_url: config.cancellation_endpoint_url ?? null,
    auth_type: config.auth_type ?? 'none',
    auth_config: authConfig,
    enabled: config.enabled,
    created_at: config.created_at?.toISO() ?? null,
  }
}

/** Keeps the stored secret when the client sends the mask (or nothing) back. */
function keepOrReplace(sent: string | null | undefined, stored: string | undefined) {
  if (sent === undefined || sent === null || sent === SECRET_MASK) return stored
  return sent.trim()
}

function authConfigFor(input: ApiConfigInput, stored: ApiConfiguration['auth_config']) {
  const type = input.authType ?? 'none'
  const sent = input.authConfig ?? {}
  if (type === 'bearer') {
    const token = keepOrReplace(sent.token, stored?.token)
    if (!token) throw new ApiError('A bearer token is required', 422)
    return { type: 'bearer' as ApiAuthType, config: { token } }
  }
  if (type === 'api_key') {
    const key = keepOrReplace(sent.key, stored?.key)
    if (!key) throw new ApiError('An API key is required', 422)
    return {
      type: 'api_key' as ApiAuthType,
      config: { key, header: sent.header?.trim() || DEFAULT_API_KEY_HEADER },
    }
  }
  return { type: 'none' as ApiAuthType, config: null }
}

/** The configuration for the audit trail, which masks auth_config (a changed secret shows as changed, never its value). */
function audited(config: ApiConfiguration) {
  return {
    name: config.name,
    endpoint_url: config.endpoint_url,
    cancellation_endpoint_url: config.cancellation_endpoint_url ?? null,
    auth_type: config.auth_type ?? 'none',
    auth_config: config.auth_config,
    enabled: config.enabled,
  }
}

/** The outbound-URL policy at save time (checked again at each call): a refused URL is a 422 saying why. */
async function allowedEndpoint(url: string, label = 'Endpoint URL') {
  try {
    await checkOutboundUrl(url)
  } catch (error) {
    if (error instanceof OutboundUrlRefused)
      throw new ApiError(`${label} is not allowed: ${error.message}`, 422)
    throw error
  }
}

/** Both endpoints of a configuration under the outbound-URL policy. */
async function allowedEndpoints(input: ApiConfigInput) {
  await allowedEndpoint(input.endpointUrl)
  if (input.cancellationEndpointUrl)
    await allowedEndpoint(input.cancellationEndpointUrl, 'Cancellation endpoint URL')
}

export const apiConfigAdminService = {
  async list() {
    return (await ApiConfiguration.query().orderBy('name')).map(serialize)
  },

  async create(input: ApiConfigInput, actor: Actor) {
    await allowedEndpoints(input)
    const auth = authConfigFor(input, null)
    return db.transaction(async (trx) => {
      const config = await ApiConfiguration.create(
        {
          name: input.name,
          endpoint_url: input.endpointUrl,
          cancellation_endpoint_url: input.cancellationEndpointUrl ?? null,
          auth_type: auth.type,
          auth_config: auth.config,
          enabled: input.enabled ?? true,
        },
        { client: trx }
      )
      await recordAudit(trx, {
        actor,
        action: 'api_config.create',
        entityType: 'api_config',
        entityId: config.id,
        after: audited(config),
      })
      return serialize(config)
    })
  },

  async update(id: number, input: ApiConfigInput, actor: Actor) {
    await allowedEndpoints(input)
    return db.transaction(async (trx) => {
      const config = await ApiConfiguration.find(id, { client: trx })
      if (!config) throw new ApiError('API configuration not found', 404)
      const before = audited(config)
      // Switching type drops the secrets of the old type.
      const stored =
        (input.authType ?? 'none') === (config.auth_type ?? 'none') ? config.auth_config : null
      const auth = authConfigFor(input, stored)
      // A client that does not send the cancellation endpoint (an older form) keeps it.
      const cancellationUrl =
        input.cancellationEndpointUrl === undefined
          ? config.cancellation_endpoint_url
          : input.cancellationEndpointUrl
      await config
        .merge({
          name: input.name,
          endpoint_url: input.endpointUrl,
          cancellation_endpoint_url: cancellationUrl,
          auth_type: auth.type,
          auth_config: auth.config,
          enabled: input.enabled ?? config.enabled,
        })
        .save()
      await recordAudit(trx, {
        actor,
        action: 'api_config.update',
        entityType: 'api_config',
        entityId: id,
        before,
        after: audited(config),
      })
      return serialize(config)
    })
  },

  async remove(id: number, actor: Actor) {
    await db.transaction(async (trx) => {
      const config = await ApiConfiguration.find(id, { client: trx })
      if (!config) throw new ApiError('API configuration not found', 404)
      await config.delete()
      await recordAudit(trx, {
        actor,
        action: 'api_config.delete',
        entityType: 'api_config',
        entityId: id,
        before: audited(config),
      })
    })
  },
}
