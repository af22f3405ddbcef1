import { BlockList, isIP } from 'node:net'
import { lookup as dnsLookup } from 'node:dns/promises'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { request as httpsRequest } from 'node:https'

/**
 * The one outbound-URL policy (docs/security.md "Outbound URLs"): every
 * server-side request to a configured URL (insurer API configurations, the
 * brand logo, the exchange-rate provider) goes through here. http(s) only;
 * every address the host resolves to must lie outside the blocked ranges
 * below, unless an operator allows a range (OUTBOUND_ALLOW_RANGES). The check
 * is made when a URL is saved and again when connecting: the socket connects
 * to the very address that was checked (DNS rebinding), and redirects are
 * not followed (a 3xx is the answer).
 */

/** Ranges no server-side request may reach by default, with the name a refusal gives. */
const BLOCKED: Array<[network: string, prefix: number, family: 'ipv4' | 'ipv6', name: string]> = [
  ['0.0.0.0', 8, 'ipv4', 'unspecified'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['10.0.0.0', 8, 'ipv4', 'private'],
  ['172.16.0.0', 12, 'ipv4', 'private'],
  ['192.168.0.0', 16, 'ipv4', 'private'],
  ['100.64.0.0', 10, 'ipv4', 'private (shared address space)'],
  ['169.254.0.0', 16, 'ipv4', 'link-local (cloud metadata)'],
  ['192.0.0.0', 24, 'ipv4', 'reserved'],
  ['198.18.0.0', 15, 'ipv4', 'reserved'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved'],
  ['::', 128, 'ipv6', 'unspecified'],
  ['::1', 128, 'ipv6', 'loopback'],
  ['fc00::', 7, 'ipv6', 'private'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['ff00::', 8, 'ipv6', 'multicast'],
  // IPv4 embedded in IPv6 (NAT64, 6to4, IPv4-compatible) could reach any of the IPv4 ranges above.
  ['64:ff9b::', 96, 'ipv6', 'NAT64 (embedded IPv4)'],
  ['64:ff9b:1::', 48, 'ipv6', 'NAT64 (embedded IPv4)'],
  ['2002::', 16, 'ipv6', '6to4 (embedded IPv4)'],
  ['::', 96, 'ipv6', 'IPv4-compatible'],
]
// The metadata addresses are named on their own (both lie inside a range above).
const METADATA = new Set(['169.254.169.254', 'fd00:ec2::254'])

/** A URL or address the policy refuses; the message says which and why, for a 422 or a log line. */
export class OutboundUrlRefused extends Error {}

type Family = 'ipv4' | 'ipv6'
const familyOf = (address: string): Family | null =>
  isIP(address) === 4 ? 'ipv4' : isIP(address) === 6 ? 'ipv6' : null

/** Parses "127.0.0.0/8, ::1/128" (an address alone is its own /32 or /128); throws on a bad entry. */
export function parseAllowRanges(text: string | undefined | null): BlockList {
  const list = new BlockList()
  for (const entry of (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [network, prefixText] = entry.split('/')
    const family = familyOf(network)
    const prefix = prefixText === undefined ? (family === 'ipv4' ? 32 : 128) : Number(prefixText)
    if (
      !family ||
      !Number.isInteger(prefix) ||
      prefix < 0 ||
      prefix > (family === 'ipv4' ? 32 : 128)
    ) {
      throw new Error(
        `OUTBOUND_ALLOW_RANGES: "${entry}" is not an address range (e.g. 127.0.0.0/8)`
      )
    }
    list.addSubnet(network, prefix, family)
  }
  return list
}

/**
 * Why an address may not be reached ("127.0.0.1 is a loopback address"), or
 * null when it may. IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) are judged
 * as the IPv4 address they carry (net.BlockList does so).
 */
export function refusalOf(address: string, allowed: BlockList = new BlockList()): string | null {
  const family = familyOf(address)
  if (!family) return `${address} is not an IP address`
  if (allowed.check(address, family)) return null
  if (METADATA.has(address.toLowerCase())) return `${address} is a cloud metadata address`
  for (const [network, prefix, rangeFamily, name] of BLOCKED) {
    const range = new BlockList()
    range.addSubnet(network, prefix, rangeFamily)
    if (range.check(address, family))
      return `${address} is ${/^[aeiouI]/.test(name) ? 'an' : 'a'} ${name} address`
  }
  return null
}

export type LookupAll = (hostname: string) => Promise<Array<{ address: string; family: number }>>

/**
 * What the policy reads at each use: the allowed ranges (OUTBOUND_ALLOW_RANGES,
 * read through `allowRanges` so tests and the app's env wiring can set it) and
 * the DNS lookup (tests replace it with a hosts map: no test asks real DNS).
 */
export const outboundSettings: { allowRanges: () => string | undefined; lookup: LookupAll } = {
  allowRanges: () => process.env.OUTBOUND_ALLOW_RANGES,
  lookup: (hostname) => dnsLookup(hostname, { all: true, verbatim: true }),
}

let cachedRanges: { text: string | undefined; list: BlockList } | null = null
function allowedRanges(): BlockList {
  const text = outboundSettings.allowRanges()
  if (cachedRanges && cachedRanges.text === text) return cachedRanges.list
  const list = parseAllowRanges(text)
  cachedRanges = { text, list }
  return list
}

/** The URL parsed, http(s) only. The WHATWG parser already rewrites 0x7f000001, 2130706433 and 127.1 to 127.0.0.1. */
function parseOutboundUrl(url: string): URL {
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    throw new OutboundUrlRefused('is not a valid URL')
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new OutboundUrlRefused('must use http or https')
  return parsed
}

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '')

/** Every address of the host, each judged; throws OutboundUrlRefused on the first refused one. */
async function checkedAddresses(host: string): Promise<Array<{ address: string; family: number }>> {
  const allowed = allowedRanges()
  const addresses = familyOf(host)
    ? [{ address: host, family: isIP(host) }]
    : await outboundSettings.lookup(host)
  if (addresses.length === 0) throw new OutboundUrlRefused(`${host} does not resolve`)
  for (const { address } of addresses) {
    const refusal = refusalOf(address, allowed)
    if (refusal)
      throw new OutboundUrlRefused(
        familyOf(host)
          ? refusal
          : `${host} resolves to ${refusal.replace(/^\S+ is /, `${address}, `)}`
      )
  }
  return addresses
}

/**
 * The save-time check (an API configuration, say): scheme and every resolved
 * address. A name that does not resolve now is accepted: the check at
 * connection time decides then. Throws OutboundUrlRefused.
 */
export async function checkOutboundUrl(url: string): Promise<void> {
  const host = bareHost(parseOutboundUrl(url))
  try {
    await checkedAddresses(host)
  } catch (error: any) {
    if (
      error instanceof OutboundUrlRefused ||
      !['ENOTFOUND', 'EAI_AGAIN', 'ENODATA'].includes(error?.code)
    )
      throw error
  }
}

export interface OutboundAnswer {
  status: number
  ok: boolean
  headers: IncomingHttpHeaders
  body: Buffer
}

export interface OutboundRequestOptions {
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  timeoutMs: number
  /** Larger answers are cut off with an error. */
  maxBytes: number
}

/**
 * Sends one request to a configured URL under the policy: the host is
 * resolved and each address checked, then the socket connects to a checked
 * address (the lookup hands it to net.connect: no second resolution).
 * Redirects are not followed. Throws OutboundUrlRefused before anything is
 * sent; a time-out throws an error named TimeoutError.
 */
export async function outboundRequest(
  url: string,
  options: OutboundRequestOptions
): Promise<OutboundAnswer> {
  const parsed = parseOutboundUrl(url)
  const addresses = await checkedAddresses(bareHost(parsed))
  const send = parsed.protocol === 'https:' ? httpsRequest : httpRequest
  const signal = AbortSignal.timeout(options.timeoutMs)
  return new Promise<OutboundAnswer>((resolve, reject) => {
    const request = send(
      parsed,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        signal,
        // Hands net.connect the addresses checked above (single or all, as it asks).
        lookup: ((
          _host: string,
          lookupOptions: { all?: boolean },
          callback: (...args: any[]) => void
        ) => {
          if (lookupOptions?.all) callback(null, addresses)
          else callback(null, addresses[0].address, addresses[0].family)
        }) as any,
      },
      (response) => {
        const chunks: Buffer[] = []
        let size = 0
        response.on('data', (chunk: Buffer) => {
          size += chunk.length
          if (size > options.maxBytes)
            request.destroy(new Error(`The answer is larger than ${options.maxBytes} bytes`))
          else chunks.push(chunk)
        })
        response.on('end', () => {
          const status = response.statusCode ?? 0
          resolve({
            status,
            ok: status >= 200 && status < 300,
            headers: response.headers,
            body: Buffer.concat(chunks),
          })
        })
        response.on('error', reject)
      }
    )
    request.on('error', (error: any) => {
      if (signal.aborted) {
        const timeout = new Error(`Timed out after ${options.timeoutMs} ms`)
        timeout.name = 'TimeoutError'
        return reject(timeout)
      }
      reject(error)
    })
    request.end(options.body)
  })
}
