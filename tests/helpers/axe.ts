/// <reference lib="dom" />
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'

/** axe's findings on the page (or the part matched by `include`), as "rule: selector" lines; empty when clean. */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page: page as any })
  if (include) builder.include(include)
  const { violations } = await builder.analyze()
  return violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${node.target.join(" ")} ${node.html.slice(0, 160)}`))
}
