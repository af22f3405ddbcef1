import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { requireSecondFactor, requireSession, type GuardName } from '#modules/auth/index'
import { authorizeAdminRoute } from '#modules/admins/index'

/**
 * Which URL areas need which session (decisions.md §2). Listed once here so
 * that no route of an area can be registered without its check.
 */
const AREAS: { prefix: string; except?: string[]; guard: GuardName }[] = [
  // The sign-in steps: the password, then (for an account with a factor) the second step.
  {
    prefix: '/api/admin/',
    except: [
      '/api/admin/login',
      '/api/admin/login/code',
      '/api/admin/login/passkey/options',
      '/api/admin/login/passkey',
    ],
    guard: 'admin',
  },
  { prefix: '/api/currencies/admin/', guard: 'admin' },
  { prefix: '/api/member/', guard: 'member' },
  { prefix: '/api/migration/', guard: 'member' },
]

/** Single paths of a public area whose writes need a session: /api/branding is public to read. */
const WRITES: { paths: string[]; methods: string[]; guard: GuardName }[] = [
  {
    paths: ['/api/branding', '/api/branding/clear-cache'],
    methods: ['PUT', 'POST'],
    guard: 'admin',
  },
]

export function guardForPath(path: string, method = 'GET'): GuardName | null {
  for (const area of AREAS) {
    if (path.startsWith(area.prefix) && !area.except?.includes(path)) return area.guard
  }
  return (
    WRITES.find(
      (write) => write.paths.includes(path) && write.methods.includes(method.toUpperCase())
    )?.guard ?? null
  )
}

export default class AreaGuardMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const guard = guardForPath(ctx.request.url(), ctx.request.method())
    if (guard) await requireSession(ctx, guard)
    // REQUIRE_ADMIN_2FA: an administrator who has not passed or enrolled a second factor may only enrol.
    if (guard === 'admin') requireSecondFactor(ctx, ctx.request.url())
    // Roles (docs/security.md "Roles"): every admin route is in modules/admins/route_abilities.ts.
    if (guard === 'admin') await authorizeAdminRoute(ctx)
    return next()
  }
}
