import limiter from '@adonisjs/limiter/services/main'
import { errors as limiterErrors } from '@adonisjs/limiter'
import type { Limiter } from '@adonisjs/limiter'
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
 * Takes one attempt from a key with the store's atomic consume (one upsert
 * that adds a point and returns the new count), so simultaneous requests
 * cannot all read "4 used" and all pass: the sixth is refused however they
 * interleave. A key over its limit stays blocked for the window.
 */
async function consume(store: Limiter, key: string) {
  try {
    await store.consume(key)
  } catch (error) {
    if (error instanceof limiterErrors.E_TOO_MANY_REQUESTS) throw tooMany(error.response.availableIn)
    throw error
  }
}

/**
 * Runs a sign-in attempt under both limits. The attempt is counted BEFORE
 * it is judged (against the IP, then the account key); only then does the
 * callback check the credentials. A success gives the IP's point back
 * (atomic reward) and clears the account's count, so only failures add up
 * (a valid account cannot reset an IP's count). An attempt refused by the
 * account limit was never judged and gives the IP's point back too.
 * Without an account key (e.g. an unknown secure link) only the IP counts.
 */
export async function throttledAttempt<T>(accountKey: string | null, ip: string, attempt: () => Promise<T>): Promise<T> {
  const ipLimiter = perIp()
  const ipKey = `signin_ip_${ip}`
  const accountLimiter = perAccount()
  const key = accountKey === null ? null : `signin_${accountKey.toLowerCase()}`

  await consume(ipLimiter, ipKey)
  if (key !== null) {
    try {
      await consume(accountLimiter, key)
    } catch (error) {
      await ipLimiter.decrement(ipKey)
      throw error
    }
  }

  const result = await attempt()
  await ipLimiter.decrement(ipKey)
  if (key !== null) await accountLimiter.delete(key)
  return result
}
