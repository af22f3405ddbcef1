import { randomBytes } from 'node:crypto'
import { assert } from '@japa/assert'
import db from '@adonisjs/lucid/services/db'
import { apiClient, ApiClient, ApiRequest } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import type { Config } from '@japa/runner/types'
import { pluginAdonisJS } from '@japa/plugin-adonisjs'
import testUtils from '@adonisjs/core/services/test_utils'
import { sessionApiClient } from '@adonisjs/session/plugins/api_client'
import { shieldApiClient } from '@adonisjs/shield/plugins/api_client'
import { authApiClient } from '@adonisjs/auth/plugins/api_client'
import { prepareTestDatabase } from '#tests/helpers/database'
import { useTestCleanWait } from '#tests/helpers/clean_wait'
import { closeBrowser } from '#tests/helpers/browser'
import { createNodeServer } from '#backend/bin/node_server'
import { checkAnswer } from '#tests/helpers/api_contract'
import { installTestHosts } from '#tests/helpers/outbound_hosts'

// Server-side requests of the tests resolve names from a map, never through real DNS.
installTestHosts()

export const plugins: Config['plugins'] = [
  assert(),
  apiClient(),
  pluginAdonisJS(app),
  sessionApiClient(app),
  shieldApiClient(),
  authApiClient(app),
]

// Every answer of the API tests is checked against the OpenAPI document.
ApiClient.teardown((response) => {
  const request = response.request as any
  checkAnswer(
    request.config.method,
    request.config.endpoint,
    response.status(),
    response.header('content-type') ?? null,
    response.text(),
    response.header('x-request-id') ?? null
  )
})

/** Signs a request in as an admin or a member, as the idle-timeout and device checks expect. */
ApiRequest.macro('asAdmin', function (this: ApiRequest, admin: any) {
  return this.withGuard('admin')
    .loginAs(admin)
    .withDeviceSession('admin', admin)
    .withSession({ last_seen_admin: Date.now(), session_version_admin: admin.session_version ?? 0 })
})
ApiRequest.macro('asMember', function (this: ApiRequest, member: any) {
  return this.withGuard('member')
    .loginAs(member)
    .withDeviceSession('member', member)
    .withSession({
      last_seen_member: Date.now(),
      session_version_member: member.session_version ?? 0,
    })
})
/** The device row a real sign-in writes (user_sessions), inserted just before the request is sent. */
ApiRequest.macro(
  'withDeviceSession',
  function (this: ApiRequest, guard: 'admin' | 'member', account: any) {
    const id = randomBytes(24).toString('hex')
    return this.withSession({ [`device_session_${guard}`]: id }).setup(async () => {
      const now = new Date()
      await db.table('user_sessions').insert({
        id,
        guard,
        account_id: account.id,
        session_version: account.session_version ?? 0,
        ip: '127.0.0.1',
        user_agent: 'japa',
        created_at: now,
        last_seen_at: now,
      })
    })
  }
)

declare module '@japa/api-client' {
  interface ApiRequest {
    asAdmin(admin: any): this
    asMember(member: any): this
    withDeviceSession(guard: 'admin' | 'member', account: any): this
  }
}

export const runnerHooks: Required<Pick<Config, 'setup' | 'teardown'>> = {
  setup: [() => prepareTestDatabase(), () => useTestCleanWait()],
  teardown: [() => closeBrowser()],
}

export const configureSuite: Config['configureSuite'] = (suite) => {
  if (['browser', 'functional', 'e2e'].includes(suite.name)) {
    return suite.setup(() => testUtils.httpServer().start(createNodeServer))
  }
}
