import http from 'node:http'
import fs from 'node:fs'
import { readdirSync, readFileSync } from 'node:fs'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { isolateEachTest } from '#tests/helpers/database'
import { baseUrl } from '#tests/helpers/browser'
import { AdminUser } from '#modules/admins/index'
import { Setting, settingsService, getBranding } from '#modules/settings/index'
import { replaceSignInRendererForTests } from '#backend/services/sign_in_page'

/** A raw GET (no decompression by the client): status, headers and the bytes as sent. */
function rawGet(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(`${baseUrl()}${path}`, { headers, agent: false }, (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk) => chunks.push(chunk))
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) })
          )
        })
        .on('error', reject)
    }
  )
}

/** The shop entry's hashed script in the built frontend (the tests run after `npm run build:frontend`). */
function hashedScript() {
  const name = readdirSync(app.publicPath('assets')).find((file) => /^shop-[\w-]+\.js$/.test(file))
  if (!name) throw new Error('frontend/dist has no shop-<hash>.js: run `npm run build:frontend`')
  return { path: `/assets/${name}`, content: readFileSync(app.publicPath(`assets/${name}`)) }
}

test.group('Serving the built frontend', () => {
  test('a hashed asset is sent as its brotli twin when asked, with the immutable cache header', async ({
    assert,
  }) => {
    const asset = hashedScript()
    const response = await rawGet(asset.path, { 'Accept-Encoding': 'gzip, deflate, br' })
    assert.equal(response.status, 200)
    assert.equal(response.headers['content-encoding'], 'br')
    assert.equal(response.headers['content-type'], 'text/javascript; charset=utf-8')
    assert.equal(response.headers['cache-control'], 'public, max-age=31536000, immutable')
    assert.include(String(response.headers.vary), 'Accept-Encoding')
    assert.isBelow(response.body.length, asset.content.length / 2)
    assert.isTrue(brotliDecompressSync(response.body).equals(asset.content))
  })

  test('gzip when the client takes only gzip, the plain file when it takes none', async ({
    assert,
  }) => {
    const asset = hashedScript()
    const gzipped = await rawGet(asset.path, { 'Accept-Encoding': 'gzip' })
    assert.equal(gzipped.headers['content-encoding'], 'gzip')
    assert.isTrue(gunzipSync(gzipped.body).equals(asset.content))

    const plain = await rawGet(asset.path)
    assert.isUndefined(plain.headers['content-encoding'])
    assert.equal(plain.headers['cache-control'], 'public, max-age=31536000, immutable')
    assert.isTrue(plain.body.equals(asset.content))
  })

  test('index.html and admin.html are revalidated on every visit (no-cache)', async ({
    assert,
  }) => {
    const shop = await rawGet('/shop/dashboard', { 'Accept-Encoding': 'br' })
    assert.equal(shop.status, 200)
    assert.equal(shop.headers['cache-control'], 'no-cache')
    assert.equal(shop.headers['content-type'], 'text/html; charset=utf-8')
    assert.equal(
      brotliDecompressSync(shop.body).toString(),
      readFileSync(app.publicPath('index.html'), 'utf8')
    )

    const admin = await rawGet('/admin/dashboard')
    assert.equal(admin.headers['cache-control'], 'no-cache')
    assert.equal(admin.body.toString(), readFileSync(app.publicPath('admin.html'), 'utf8'))
    // The back-office page names its whole shell (entry and the chunks it imports) for one parallel fetch.
    assert.match(
      admin.body.toString(),
      /<script type="module"[^>]*src="\/assets\/admin-[\w-]+\.js"/
    )
    assert.match(
      admin.body.toString(),
      // the app's chunk (React, react-admin, the sign-in page: the `admin` group of vite.config.ts)
      /<link rel="modulepreload"[^>]*href="\/assets\/admin-[\w-]{8}\.js"/
    )
  })
})

/** The session cookie a response sets, if any. */
const sessionCookie = (headers: http.IncomingHttpHeaders) =>
  (headers['set-cookie'] ?? []).find((cookie) => cookie.startsWith('portal-session='))

test.group('The static file server and the API', () => {
  test('an API call looks for no file on disk; a file is still served', async ({ assert }) => {
    // serve-static's `send` calls fs.stat at request time: every path it looks up passes here.
    const looked: string[] = []
    const stat = fs.stat
    fs.stat = ((path: fs.PathLike, ...rest: any[]) => {
      looked.push(String(path))
      return (stat as any)(path, ...rest)
    }) as typeof fs.stat
    try {
      assert.equal((await rawGet('/api/health')).status, 200)
      assert.equal((await rawGet('/api/no-such-call')).status, 404)
      assert.deepEqual(looked, [])
      assert.equal((await rawGet('/favicon.svg')).status, 200)
      assert.isTrue(looked.some((path) => path.endsWith('favicon.svg')))
    } finally {
      fs.stat = stat
    }
  })
})

test.group('Files the browser asks for on its own carry no session cookie', () => {
  // The browser's favicon request once followed a redirect to the login page, whose answer set the session
  // cookie it was sent with; arriving after a sign-in, it signed the member out again (CI flake of stop 20).
  test('the favicon is a static file: no redirect, no session cookie', async ({ assert }) => {
    const response = await rawGet('/favicon.svg')
    assert.equal(response.status, 200)
    assert.equal(response.headers['content-type'], 'image/svg+xml')
    assert.isUndefined(sessionCookie(response.headers))
    for (const page of ['index.html', 'admin.html']) {
      assert.include(
        readFileSync(app.publicPath(page), 'utf8'),
        '<link rel="icon" type="image/svg+xml" href="/favicon.svg" />'
      )
    }
  })

  test('a missing file is a plain 404, not the login page; a missing page address still goes to the login', async ({
    assert,
  }) => {
    for (const path of ['/favicon.ico', '/assets/shop-gone.js', '/robots.txt']) {
      const response = await rawGet(path, { Cookie: 'portal-session=s%3Aold' })
      assert.equal(response.status, 404, path)
      assert.equal(response.body.toString(), 'Not found')
      assert.isUndefined(response.headers.location)
      assert.isUndefined(sessionCookie(response.headers))
    }
    const page = await rawGet('/no-such-page')
    assert.equal(page.status, 302)
    assert.equal(page.headers.location, '/shop/login')
  })
})

/** The #root and page-branding parts of a served page. */
function pageParts(html: string) {
  const root =
    /<div id="root">([\s\S]*)<\/div><script id="page-branding" type="application\/json">([^<]*)<\/script>/.exec(
      html
    )
  return root ? { root: root[1], branding: JSON.parse(root[2]) } : null
}

test.group('/shop/login and /admin/login drawn in their HTML', (group) => {
  isolateEachTest(group)
  group.each.setup(() => settingsService.clearCache())
  group.each.teardown(() => settingsService.clearCache())

  test('the sign-in page, its styles and the branding are in the HTML, compressed and revalidated', async ({
    assert,
  }) => {
    const response = await rawGet('/shop/login', { 'Accept-Encoding': 'gzip, deflate, br' })
    assert.equal(response.status, 200)
    assert.equal(response.headers['cache-control'], 'no-cache')
    assert.equal(response.headers['content-type'], 'text/html; charset=utf-8')
    assert.equal(response.headers['content-encoding'], 'br')
    const html = brotliDecompressSync(response.body).toString()
    // index.html's scripts are all there, and the page is drawn inside #root.
    const index = readFileSync(app.publicPath('index.html'), 'utf8')
    for (const script of index.match(/<script[^>]*><\/script>/g)!) assert.include(html, script)
    const page = pageParts(html)!
    assert.deepEqual(page.branding, await getBranding())
    assert.include(page.root, 'Member sign-in')
    assert.include(page.root, 'data-testid="member-id-input"')
    assert.include(page.root, 'data-testid="dob-input"')
    assert.include(page.root, `data-testid="brand-name">${page.branding.brandName}<`)
    // emotion's styles in <head>, named as emotion names them, so the browser does not insert them again.
    assert.match(html.split('</head>')[0], /<style data-emotion="css [\w ]+"/)
    assert.notInclude(page.root, '<style')

    const again = await rawGet('/shop/login', {
      'Accept-Encoding': 'br',
      'If-None-Match': String(response.headers.etag),
    })
    assert.equal(again.status, 304)
    const gzipped = await rawGet('/shop/login', { 'Accept-Encoding': 'gzip' })
    assert.equal(gunzipSync(gzipped.body).toString(), html)
  })

  test("the shop sign-in page is drawn in the visitor's language: the choice's cookie, else Accept-Language", async ({
    assert,
  }) => {
    const german = await rawGet('/shop/login', { 'Accept-Language': 'de-CH,de;q=0.9,en;q=0.5' })
    const germanHtml = german.body.toString()
    assert.include(germanHtml, '<html lang="de">')
    assert.include(germanHtml, '<title>Mitglieder-Anmeldung — Mitgliederportal</title>')
    assert.include(pageParts(germanHtml)!.root, 'Mitgliedsnummer')
    assert.notInclude(pageParts(germanHtml)!.root, 'Member ID')
    assert.include(String(german.headers.vary), 'Accept-Language')
    // The switcher's choice (its cookie) wins over the browser's languages.
    const french = (
      await rawGet('/shop/login', { 'Accept-Language': 'de', 'Cookie': 'shop_language=fr' })
    ).body.toString()
    assert.include(french, '<html lang="fr">')
    assert.include(french, '<title>Connexion membre — Portail des membres</title>')
    const english = (await rawGet('/shop/login')).body.toString()
    assert.include(english, '<html lang="en">')
    assert.include(english, '<title>Member sign-in — Member Portal</title>')
    assert.include(pageParts(english)!.root, 'Member ID')
    // The back-office stays English.
    const admin = (await rawGet('/admin/login', { 'Accept-Language': 'de' })).body.toString()
    assert.include(admin, '<html lang="en">')
  })

  test('it follows the branding settings at once', async ({ assert }) => {
    await Setting.query()
      .where('setting_key', 'BRAND_NAME')
      .update({ setting_value: 'Helvetia <Migration>' })
    await Setting.query()
      .where('setting_key', 'BRAND_PRIMARY_COLOR')
      .update({ setting_value: '#112233' })
    settingsService.clearCache()
    const html = (await rawGet('/shop/login')).body.toString()
    const page = pageParts(html)!
    assert.equal(page.branding.brandName, 'Helvetia <Migration>')
    assert.include(page.root, 'data-testid="brand-name">Helvetia &lt;Migration&gt;<')
    assert.notInclude(html, 'Helvetia <Migration>') // escaped in the JSON too
    assert.include(html, 'background-color:#112233')
  })

  test('a sign-in link gets the birth-year form; other queries and pages the plain index.html', async ({
    assert,
  }) => {
    const link = pageParts((await rawGet('/shop/login?token=abc123')).body.toString())!
    assert.include(link.root, 'Secure sign-in')
    assert.include(link.root, 'data-testid="birth-year-input"')
    assert.notInclude(link.root, 'abc123')

    const index = readFileSync(app.publicPath('index.html'), 'utf8')
    assert.equal((await rawGet('/shop/login?memberId=DEMO-1001')).body.toString(), index)
    assert.equal((await rawGet('/shop/select')).body.toString(), index)
  })

  test('the back-office sign-in page is drawn in admin.html in the branding of the settings', async ({
    assert,
  }) => {
    await Setting.query()
      .where('setting_key', 'BRAND_NAME')
      .update({ setting_value: 'Helvetia <Admin>' })
    await Setting.query()
      .where('setting_key', 'BRAND_PRIMARY_COLOR')
      .update({ setting_value: '#112233' })
    settingsService.clearCache()
    const response = await rawGet('/admin/login', { 'Accept-Encoding': 'gzip, deflate, br' })
    assert.equal(response.status, 200)
    assert.equal(response.headers['cache-control'], 'no-cache')
    assert.equal(response.headers['content-encoding'], 'br')
    const html = brotliDecompressSync(response.body).toString()
    // admin.html's scripts and preloads are all there, and the page is drawn inside #root.
    const adminHtml = readFileSync(app.publicPath('admin.html'), 'utf8')
    for (const tag of adminHtml.match(/<(script|link)[^>]*>/g)!) assert.include(html, tag)
    const page = pageParts(html)!
    assert.deepEqual(page.branding, await getBranding())
    assert.equal(page.branding.brandName, 'Helvetia <Admin>')
    assert.include(page.root, '>Admin Portal</h1>')
    assert.include(page.root, '>Helvetia &lt;Admin&gt;</p>')
    assert.notInclude(html, 'Helvetia <Admin>') // escaped in the JSON too
    assert.include(page.root, 'data-testid="admin-username"')
    assert.include(page.root, 'data-testid="admin-password"')
    assert.include(page.root, 'data-testid="admin-login-button"')
    assert.notInclude(page.root, 'member-id-input')
    assert.match(html.split('</head>')[0], /<style data-emotion="css [\w ]+"/)
    assert.include(html.split('</head>')[0], '--variant-containedBg:#112233') // the button in the primary colour

    const again = await rawGet('/admin/login', {
      'Accept-Encoding': 'br',
      'If-None-Match': String(response.headers.etag),
    })
    assert.equal(again.status, 304)
    // With a query, and on every other back-office address: the plain admin.html.
    assert.equal((await rawGet('/admin/login?next=x')).body.toString(), adminHtml)
    assert.equal((await rawGet('/admin/members')).body.toString(), adminHtml)
  })

  test('when drawing fails, the plain page is served (logged, never a 500)', async ({
    assert,
    cleanup,
  }) => {
    cleanup(() => replaceSignInRendererForTests(null))
    const broken = () => {
      throw new Error('renderer broke')
    }
    replaceSignInRendererForTests({ renderShopSignIn: broken, renderAdminSignIn: broken })
    for (const [path, file] of [
      ['/admin/login', 'admin.html'],
      ['/shop/login', 'index.html'],
    ]) {
      const response = await rawGet(path)
      assert.equal(response.status, 200, path)
      assert.equal(response.body.toString(), readFileSync(app.publicPath(file), 'utf8'), path)
    }
  })
})

test.group('Compressed JSON answers', (group) => {
  isolateEachTest(group)

  test('a JSON answer above 1 KB is gzipped when the client asks for gzip', async ({
    client,
    assert,
  }) => {
    const admin = await AdminUser.findByOrFail('username', 'admin')
    const response = await client
      .get('/api/admin/members')
      .asAdmin(admin)
      .header('Accept-Encoding', 'gzip')
    response.assertStatus(200)
    assert.equal(response.header('content-encoding'), 'gzip')
    assert.equal(response.body().members.length, 10)

    // Answers shared between admins (encoded once per answer) are compressed the same way.
    const shared = await client
      .get('/api/admin/dashboard-stats')
      .asAdmin(admin)
      .header('Accept-Encoding', 'gzip')
    assert.equal(shared.header('content-encoding'), 'gzip')
    assert.equal(shared.header('content-type'), 'application/json; charset=utf-8')
    assert.equal(shared.body().success, true)
    assert.equal(shared.body().members.total, 10)
  })

  test('a JSON answer under 1 KB is sent as it is', async ({ assert }) => {
    const response = await rawGet('/api/health', { 'Accept-Encoding': 'gzip' })
    assert.isUndefined(response.headers['content-encoding'])
    assert.deepEqual(JSON.parse(response.body.toString()), { success: true, status: 'ok' })
  })
})
