/// <reference lib="dom" />
import type { Page } from 'playwright-core'
import { axeBuilder, transitionsSettled } from './axe.js'

/**
 * What scrolls or sticks out sideways: the page itself (scrollWidth wider than the window), every
 * box whose content is wider than the box and that scrolls or clips it, and every box reaching
 * past the right edge. Toasts sliding in are left out (they start outside by design).
 */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  // After a resize the app re-renders for the new width on a later frame (media queries), then
  // the sidebar slides away: measured before that, a screen shows the old width's layout squeezed.
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
  )
  await transitionsSettled(page)
  return page.evaluate(() => {
    const problems: string[] = []
    const width = window.innerWidth
    const root = document.documentElement
    if (root.scrollWidth > width) problems.push(`page: scrollWidth ${root.scrollWidth} > ${width}`)
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.getAttribute('data-testid') ? `[data-testid=${element.getAttribute('data-testid')}]` : ''}.${String(element.className).split(' ').slice(0, 2).join('.')} "${(element.textContent ?? '').trim().slice(0, 40)}"`
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (element.closest('.notistack-SnackbarContainer')) continue
      // A click's ripple is a circle wider than its button that the ripple's root clips on purpose;
      // it lingers ~0.5 s after the click, so a check right after one flagged it now and then.
      if (element.closest('.MuiTouchRipple-root')) continue
      const style = getComputedStyle(element)
      if (style.display === 'none' || style.visibility === 'hidden') continue
      const rect = element.getBoundingClientRect()
      if (rect.width === 0 || rect.height === 0) continue
      if (
        element.scrollWidth > element.clientWidth + 1 &&
        element.clientWidth > 0 &&
        style.overflowX !== 'visible' &&
        element.tagName !== 'INPUT'
      ) {
        problems.push(
          `box ${describe(element)}: scrollWidth ${element.scrollWidth} > clientWidth ${element.clientWidth} (overflow-x ${style.overflowX})`
        )
      }
      if (rect.right > width + 1 && style.position !== 'fixed')
        problems.push(`box ${describe(element)}: right edge ${Math.round(rect.right)} > ${width}`)
    }
    return problems
  })
}

/** Every axe-core violation (WCAG 2.0/2.1 A and AA and best practices), of any impact, as readable lines. */
export async function axeViolations(page: Page): Promise<string[]> {
  await transitionsSettled(page)
  const results = await axeBuilder(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze()
  return results.violations.flatMap((violation) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact}): ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ')}`
    )
  )
}

/** The focused element's computed outline, and whether it is one a sighted keyboard user sees. */
export async function focusOutline(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null
    if (!element || element === document.body)
      return { element: 'body', visible: false, outline: '' }
    // A checkbox's or radio's native input is invisible: the ring belongs on the round button around it.
    const drawn = element.matches('input[type=checkbox], input[type=radio]')
      ? (element.closest('.MuiButtonBase-root') ?? element)
      : element
    const style = getComputedStyle(drawn)
    const width = Number.parseFloat(style.outlineWidth)
    const visible = style.outlineStyle !== 'none' && width >= 2
    return {
      element: `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute('aria-label') || element.getAttribute('data-testid') || '').trim().slice(0, 40)}"`,
      visible,
      outline: `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
    }
  })
}
