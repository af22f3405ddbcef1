import limiter from '@adonisjs/limiter/services/main'
import { ApiError } from '#modules/shared/index'

/** decisions.md §3: 5 failures per account key and 20 per IP address in 15 minutes. */
const WINDOW = '15 mins'
const perAccount = () => limiter.use({ requests: 5, duration: WINDOW, blockDuration: WINDOW })
const perIp = () => limiter.use({ requests: 20, duration: WINDOW, blockDuration: WINDOW })

/**
 * Creates (and caches) both limiters now. The limiter manager binds a
 * database store to the Lucid client current at its first use; tests call
 * this before opening their global transactions so the store keeps the
 * real connection rather than a transaction that ends at rollback.
 */
export function prepareLoginThrottle() {
  perAccount()
  perIp()
}

function tooMany(availableInSeconds: number) {
  const minutes = Math.max(1, Math.ceil(availableInSeconds / 60))
  return new ApiError(`Too many attempts. Please try again in ${minutes} minutes.`, 429)
}

/**
 * Runs a sign-in attempt under both limits. A failed attempt (the callback
 * throws) counts against the account key and the IP; a success clears the
 * account's count only, so a valid account cannot reset an IP's count.
 * Without an account key (e.g. an unknown secure link) only the IP counts.
 */
export async function throttledAttempt<T>(accountKey: string | null, ip: string, attempt: () => Promise<T>): Promise<T> {
  const ipLimiter = perIp()
  const ipKey = `signin_ip_${ip}`
  const ipState = await ipLimiter.get(ipKey)
  if (ipState && ipState.remaining <= 0) throw tooMany(ipState.availableIn)

  try {
    if (accountKey === null) return await attempt()
    const [error, result] = await perAccount().penalize(`signin_${accountKey.toLowerCase()}`, attempt)
    if (error) throw tooMany(error.response.availableIn)
    return result
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 429)) {
      const { consumed, limit } = await ipLimiter.increment(ipKey)
      if (consumed >= limit) await ipLimiter.block(ipKey, WINDOW)
    }
    throw error
  }
}
