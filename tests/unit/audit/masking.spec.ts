import { test } from '@japa/runner'
import { AUDIT_MASK, maskSecrets } from '../../../modules/audit/services/masking.js'

test.group('Audit masking', () => {
  test('passwords are dropped, secrets masked at any depth, other values kept', ({ assert }) => {
    const masked = maskSecrets({
      username: 'ops',
      password: 'secret-1',
      newPassword: 'secret-2',
      auth_config: { token: 'tok' },
      nested: {
        api_key: 'k',
        token_hash: 'h',
        token_expires_at: '2026-01-01',
        list: [{ secret: 's' }],
      },
      token: '',
    })
    assert.deepEqual(masked, {
      username: 'ops',
      auth_config: AUDIT_MASK,
      nested: {
        api_key: AUDIT_MASK,
        token_hash: AUDIT_MASK,
        token_expires_at: '2026-01-01',
        list: [{ secret: AUDIT_MASK }],
      },
      token: '',
    })
  })
})
