import { isIP } from 'node:net'
import { outboundSettings } from '#modules/shared/index'

/**
 * The names the tests' server-side requests resolve, in place of real DNS
 * (no test sends a DNS query): anything else does not resolve (ENOTFOUND).
 */
const hosts = new Map<string, string[]>([['localhost', ['127.0.0.1']]])

/** Installed once by tests/bootstrap.ts. */
export function installTestHosts() {
  outboundSettings.lookup = async (hostname) => {
    const addresses = hosts.get(hostname.toLowerCase())
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    return addresses.map((address) => ({ address, family: isIP(address) }))
  }
}

/** Points a name at addresses (a DNS answer that may change between save and call); returns the undo. */
export function mapHost(name: string, ...addresses: string[]) {
  const before = hosts.get(name)
  hosts.set(name, addresses)
  return () => {
    if (before) hosts.set(name, before)
    else hosts.delete(name)
  }
}

/** Replaces OUTBOUND_ALLOW_RANGES for a test ('' = nothing allowed, as in production by default); returns the undo. */
export function allowOutboundRanges(text: string) {
  const before = outboundSettings.allowRanges
  outboundSettings.allowRanges = () => text
  return () => {
    outboundSettings.allowRanges = before
  }
}
