import { defineConfig } from '@adonisjs/auth'
import { sessionGuard, sessionUserProvider } from '@adonisjs/auth/session'
import type { InferAuthEvents, Authenticators } from '@adonisjs/auth/types'

/** Two independent session guards: members and administrators. */
const authConfig = defineConfig({
  default: 'member',
  guards: {
    member: sessionGuard({
      useRememberMeTokens: false,
      provider: sessionUserProvider({ model: () => import('#modules/members/models/member') }),
    }),
    admin: sessionGuard({
      useRememberMeTokens: false,
      provider: sessionUserProvider({ model: () => import('#modules/admins/models/admin_user') }),
    }),
  },
})

export default authConfig

declare module '@adonisjs/auth/types' {
  export interface Authenticators extends InferAuthenticators<typeof authConfig> {}
}
declare module '@adonisjs/core/types' {
  interface EventsList extends InferAuthEvents<Authenticators> {}
}
import type { InferAuthenticators } from '@adonisjs/auth/types'
