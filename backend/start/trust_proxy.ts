import proxyAddr from 'proxy-addr'

/**
 * Which reverse proxies' X-Forwarded-For is believed, from TRUST_PROXY
 * (comma-separated addresses, CIDR ranges or proxy-addr names such as
 * "loopback", "uniquelocal"). Behind TLS termination this must name the
 * proxy, or every member shares the proxy's address and the per-IP sign-in
 * limit blocks them all together. Nothing is trusted by default.
 */
export function trustProxyFrom(
  setting: string | undefined
): (address: string, hop: number) => boolean {
  const trusted = (setting ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  return trusted.length > 0 ? proxyAddr.compile(trusted) : () => false
}
