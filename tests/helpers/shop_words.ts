/// <reference lib="dom" />
import { readFileSync } from 'node:fs'
import type { Page } from 'playwright-core'

/** The shop's catalogue of one language (frontend/src/shop/i18n/<language>.json). */
export const shopCatalogue = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(`frontend/src/shop/i18n/${language}.json`, 'utf8'))

/** The words of a catalogue's entries, lower case, placeholders and tags left out. */
function words(entries: Record<string, string>) {
  const text = Object.values(entries)
    .join(' ')
    .replace(/<\/?[a-z]+>/g, ' ')
    .replace(/\{[^{}]*\}/g, ' ')
  return new Set(text.toLowerCase().match(/\p{L}{3,}/gu) ?? [])
}

/**
 * The English shop's words that the other language does not use: any of them on a German or
 * French page is English left over. Names (products, plans, members, brands) are not in the English
 * catalogue, so they need no allow-list.
 */
function englishOnly(language: string) {
  const theirs = words(shopCatalogue(language))
  return [...words(shopCatalogue('en'))].filter((word) => !theirs.has(word))
}

/**
 * The English-only words found on the page: its visible text, the labels a screen reader or a
 * pointer shows (aria-label, title, placeholder, alt) and the document title, the consent box's
 * words (written by the server in the member's language) included.
 */
export async function englishLeft(page: Page, language: string): Promise<string[]> {
  return page.evaluate((english) => {
    const flagged = new Set(english)
    const texts: string[] = [document.title]
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || !parent.checkVisibility()) continue
      texts.push(node.textContent ?? '')
    }
    for (const element of Array.from(
      document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')
    )) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt'])
        texts.push(element.getAttribute(name) ?? '')
    }
    const found = new Set<string>()
    // Addresses are names: the support email and the website.
    const address = /\S+@\S+|https?:\/\/\S+|www\.\S+/g
    for (const text of texts)
      for (const word of text
        .replace(address, ' ')
        .toLowerCase()
        .match(/\p{L}{3,}/gu) ?? [])
        if (flagged.has(word)) found.add(`${word} (in "${text.trim().slice(0, 80)}")`)
    return [...found]
  }, englishOnly(language))
}
