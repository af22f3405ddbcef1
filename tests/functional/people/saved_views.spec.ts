import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { AdminUser } from '#modules/admins/index'
import { isolateEachTest } from '#tests/helpers/database'
import { CookieClient } from '#tests/helpers/cookie_client'

const PASSWORD = 'views-pass-2025-long'

const makeAdmin = (username: string, role: 'owner' | 'support' = 'support') =>
  AdminUser.create({ username, email: `${username}@example.test`, password: PASSWORD, role })

/** A browser of its own: its own cookie jar and session, signed in with the password. */
async function signedIn(username: string) {
  const browser = new CookieClient()
  const login = await browser.post('/api/admin/login', { username, password: PASSWORD })
  if (login.status !== 200) throw new Error(`login ${username}: ${login.status} ${login.text}`)
  return browser
}

const failedView = {
  resource: 'migrations',
  name: 'Failed this week',
  listParams: {
    filter: { status: 'failed', search: 'MIG' },
    sort: 'created_at',
    order: 'DESC',
    perPage: 50,
  },
}

/** Saved views of the lists (issue 40 §1): kept on the server per administrator. */
test.group('Saved list views', (group) => {
  isolateEachTest(group)

  test('a view saved by A in one session is listed for A in a second session, never for B; B cannot delete it', async ({
    assert,
  }) => {
    await makeAdmin('views_a')
    await makeAdmin('views_b')
    const laptop = await signedIn('views_a')
    const saved = await laptop.post('/api/admin/saved-views', failedView)
    assert.equal(saved.status, 201, saved.text)
    assert.containsSubset(saved.body.view, failedView)

    const phone = await signedIn('views_a')
    const listed = await phone.get('/api/admin/saved-views?resource=migrations')
    assert.equal(listed.status, 200)
    assert.deepEqual(
      listed.body.views.map((view: any) => [view.name, view.listParams]),
      [[failedView.name, failedView.listParams]]
    )
    assert.lengthOf((await phone.get('/api/admin/saved-views?resource=members')).body.views, 0)

    const other = await signedIn('views_b')
    assert.lengthOf((await other.get('/api/admin/saved-views')).body.views, 0)
    const stolen = await other.request('DELETE', `/api/admin/saved-views/${saved.body.view.id}`)
    assert.equal(stolen.status, 404)
    assert.equal(stolen.body.error, 'Saved view not found')
    assert.lengthOf((await phone.get('/api/admin/saved-views')).body.views, 1)

    // The same name again replaces the view (200); deleting it leaves none.
    const replaced = await phone.post('/api/admin/saved-views', {
      ...failedView,
      listParams: { ...failedView.listParams, perPage: 25 },
    })
    assert.equal(replaced.status, 200)
    assert.equal(replaced.body.view.id, saved.body.view.id)
    assert.equal((await laptop.get('/api/admin/saved-views')).body.views[0].listParams.perPage, 25)
    const deleted = await laptop.request('DELETE', `/api/admin/saved-views/${saved.body.view.id}`)
    assert.equal(deleted.status, 200)
    assert.lengthOf((await phone.get('/api/admin/saved-views')).body.views, 0)
  })

  test('hostile or oversized views are refused with a JSON 4xx and nothing is stored', async ({
    assert,
  }) => {
    await makeAdmin('views_hostile')
    const browser = await signedIn('views_hostile')
    const cases: [string, unknown][] = [
      ['no name', { ...failedView, name: '   ' }],
      ['a name of 81 characters', { ...failedView, name: 'x'.repeat(81) }],
      ['a resource with a path', { ...failedView, resource: '../admin-users' }],
      ['a resource with SQL', { ...failedView, resource: "members' or 1=1 --" }],
      [
        'an order that is not ASC/DESC',
        { ...failedView, listParams: { ...failedView.listParams, order: 'sideways' } },
      ],
      [
        '1000 rows a page',
        { ...failedView, listParams: { ...failedView.listParams, perPage: 1000 } },
      ],
      [
        'a sort with SQL',
        { ...failedView, listParams: { ...failedView.listParams, sort: 'id; drop table members' } },
      ],
      [
        'a filter that is a list',
        { ...failedView, listParams: { ...failedView.listParams, filter: ['status'] } },
      ],
      [
        'a filter nested in objects',
        {
          ...failedView,
          listParams: { ...failedView.listParams, filter: { status: { $ne: 'x' } } },
        },
      ],
      [
        'a filter text of 201 characters',
        {
          ...failedView,
          listParams: { ...failedView.listParams, filter: { search: 'y'.repeat(201) } },
        },
      ],
      [
        'a filter name with a quote',
        {
          ...failedView,
          listParams: { ...failedView.listParams, filter: { "sta'tus": 'failed' } },
        },
      ],
      [
        '21 filters',
        {
          ...failedView,
          listParams: {
            ...failedView.listParams,
            filter: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}`, 'v'])),
          },
        },
      ],
      ['no list parameters', { resource: 'members', name: 'Bare' }],
    ]
    for (const [what, body] of cases) {
      const answer = await browser.post('/api/admin/saved-views', body)
      assert.equal(answer.status, 422, `${what}: ${answer.text}`)
      assert.isFalse(answer.body.success, what)
      assert.isString(answer.body.error, what)
    }
    assert.equal((await browser.request('DELETE', '/api/admin/saved-views/abc')).status, 422)
    assert.equal((await browser.get('/api/admin/saved-views?resource=../x')).status, 422)
    assert.equal(Number((await db.from('admin_saved_views').count('* as n').first()).n), 0)
  })

  test('at most 50 views per list; a signed-out request is 401', async ({ assert }) => {
    const admin = await makeAdmin('views_many')
    const now = new Date()
    await db.table('admin_saved_views').multiInsert(
      Array.from({ length: 50 }, (_, i) => ({
        admin_user_id: admin.id,
        resource: 'members',
        name: `View ${i}`,
        params: JSON.stringify(failedView.listParams),
        created_at: now,
        updated_at: now,
      }))
    )
    const browser = await signedIn('views_many')
    const over = await browser.post('/api/admin/saved-views', {
      ...failedView,
      resource: 'members',
    })
    assert.equal(over.status, 422)
    assert.equal(over.body.error, 'At most 50 saved views per list: delete one first')
    // Replacing one by its name is still allowed, and another list has room.
    assert.equal(
      (
        await browser.post('/api/admin/saved-views', {
          ...failedView,
          resource: 'members',
          name: 'View 3',
        })
      ).status,
      200
    )
    assert.equal((await browser.post('/api/admin/saved-views', failedView)).status, 201)
    assert.equal((await new CookieClient().get('/api/admin/saved-views')).status, 401)
  })

  test("an administrator's views are deleted with the account", async ({ assert }) => {
    const admin = await makeAdmin('views_gone')
    const browser = await signedIn('views_gone')
    assert.equal((await browser.post('/api/admin/saved-views', failedView)).status, 201)
    await admin.delete()
    assert.equal(Number((await db.from('admin_saved_views').count('* as n').first()).n), 0)
  })
})
