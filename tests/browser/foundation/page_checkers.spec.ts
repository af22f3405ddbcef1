/// <reference lib="dom" />
import { test } from '@japa/runner'
import { newPage } from '#tests/helpers/browser'
import { axeViolations } from '#tests/helpers/axe'

/** A page with one image that has no text alternative: axe's image-alt rule must report it. */
const UNLABELLED_IMAGE = `<!doctype html><html lang="en"><head><title>Probe</title></head>
<body><main><h1>Probe</h1><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width="20" height="20"></main></body></html>`

const CLEAN_PAGE = `<!doctype html><html lang="en"><head><title>Clean</title></head>
<body><main><h1>Clean</h1><p>Nothing to report.</p></main></body></html>`

/**
 * The accessibility checker the browser tests lean on (tests/helpers/axe.ts puts axe-core in each
 * document once, not on every call): it must still report a violation on every call, in a new
 * document as in the same one, and report none where there is none.
 */
test.group('Page checkers: axe injected once per document', () => {
  test('a violation is reported on the first call, on a repeated call and in a new document', async ({
    assert,
    cleanup,
  }) => {
    const { context, page } = await newPage()
    cleanup(() => context.close())
    await page.setContent(UNLABELLED_IMAGE)
    const first = await axeViolations(page)
    assert.lengthOf(first, 1)
    assert.match(first[0], /^image-alt \(critical\): img /)
    assert.deepEqual(await axeViolations(page), first)
    assert.isTrue(await page.evaluate(() => typeof (window as any).axe === 'object'))

    await page.setContent(CLEAN_PAGE)
    assert.deepEqual(await axeViolations(page), [])
    await page.setContent(UNLABELLED_IMAGE)
    assert.deepEqual(await axeViolations(page), first)
  })

  test('a frame of the page is checked too, on a busy machine, and left out with iframes: false', async ({
    assert,
    cleanup,
  }) => {
    const { context, page } = await newPage()
    cleanup(() => context.close())
    // A busy machine (a test run's other jobs) makes putting axe in the frame slow: it must wait.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
    // Served from one made-up origin (never reaches the network): axe talks to a frame by origin.
    await page.route('http://checkers.test/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: route.request().url().endsWith('/inner')
          ? UNLABELLED_IMAGE.replace(/<\/?main>/g, '')
          : `<!doctype html><html lang="en"><head><title>Framed</title></head><body><main>
             <h1>Framed</h1><iframe title="Inner" src="/inner"></iframe></main></body></html>`,
      })
    )
    await page.goto('http://checkers.test/outer')
    const found = await axeViolations(page)
    assert.lengthOf(found, 1)
    assert.match(found[0], /^image-alt \(critical\): iframe img /)
    assert.deepEqual(await axeViolations(page, undefined, { iframes: false }), [])
  })
})
