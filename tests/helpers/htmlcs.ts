/// <reference lib="dom" />
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { transitionsSettled } from './axe.js'

/** HTML_CodeSniffer's browser build, read once (about 700 kB) and injected into each page checked. */
let source: string | undefined
function htmlcsSource() {
  source ??= readFileSync(
    createRequire(import.meta.url).resolve('html_codesniffer/build/HTMLCS.js'),
    'utf8'
  )
  return source
}

/**
 * HTML_CodeSniffer's WCAG2AA errors on the page (or the part matched by `include`), as
 * "code: element" lines; empty when clean. Warnings and notices ask a person to check something and are
 * left out. `exclude`: a part whose content the administrator wrote (an email template being edited).
 * One run per screen state: the sniffs walk the whole DOM (a fraction of a second).
 */
export async function htmlcsErrors(
  page: Page,
  include?: string,
  options: { exclude?: string } = {}
): Promise<string[]> {
  await transitionsSettled(page)
  const loaded = await page.evaluate(() => typeof (window as any).HTMLCS !== 'undefined')
  // Evaluated (as axe is injected), not a <script> tag: the pages' CSP allows no inline script.
  if (!loaded) await page.evaluate(`${htmlcsSource()}\n;true`)
  return page.evaluate(
    ([selector, exclude]) =>
      new Promise<string[]>((resolve, reject) => {
        const HTMLCS = (window as any).HTMLCS
        const root = selector ? document.querySelector(selector) : document
        if (!root) return resolve([`htmlcs: nothing matches ${selector}`])
        const describe = (element: Element | Document) => {
          if (!(element instanceof Element)) return 'document'
          const testId = element.getAttribute('data-testid')
          const html = element.outerHTML.replace(/\s+/g, ' ')
          return `${element.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''} ${html.slice(0, 160)}`
        }
        HTMLCS.process(
          'WCAG2AA',
          root,
          () => {
            const excluded = (element: any) =>
              Boolean(exclude && element instanceof Element && element.closest(exclude))
            const errors = HTMLCS.getMessages().filter(
              (message: any) => message.type === HTMLCS.ERROR && !excluded(message.element)
            )
            resolve(
              errors.map(
                (message: any) =>
                  `${message.code.replace(/^WCAG2AA\.Principle\d\.Guideline[\d_]+\./, '')}: ${describe(message.element)} — ${message.msg.slice(0, 160)}`
              )
            )
          },
          () => reject(new Error('HTML_CodeSniffer failed')),
          'en'
        )
      }),
    [include, options.exclude] as const
  )
}
