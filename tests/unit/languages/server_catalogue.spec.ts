import { test } from '@japa/runner'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { LANGUAGES } from '../../../shared_data/languages.js'
import {
  CONSENT_SCHEDULE_ITEM,
  CONSENT_TEXTS,
  CONSENT_TRANSLATIONS,
} from '../../../shared_data/consent_texts.js'

const ROOT = join(import.meta.dirname, '../../../resources/lang')
const DOCUMENTS = join(import.meta.dirname, '../../../backend/templates/documents')

/** Every message of a language's catalogue files, keyed `file.path.to.key`. */
function catalogue(language: string): Record<string, string> {
  const messages: Record<string, string> = {}
  const walk = (prefix: string, value: unknown) => {
    if (typeof value === 'string') messages[prefix] = value
    else for (const [key, inner] of Object.entries(value as object)) walk(`${prefix}.${key}`, inner)
  }
  for (const file of readdirSync(join(ROOT, language)).filter((name) => name.endsWith('.json')))
    walk(file.replace(/\.json$/, ''), JSON.parse(readFileSync(join(ROOT, language, file), 'utf8')))
  return messages
}

/** The top-level {arguments} of an ICU message (a plural's inner text is not an argument). */
function argumentsOf(message: string): string[] {
  // Each name once: a plural may use an argument in several of its branches.
  return [...new Set([...message.matchAll(/\{(\w+)(?:[,}])/g)].map((match) => match[1]))].sort()
}

/** {placeholders} of a plain text (consent words, layouts' {{placeholders}}). */
const placeholders = (text: string) => [...text.matchAll(/\{+(\w+)\}+/g)].map((m) => m[1]).sort()

test.group('Server catalogues (resources/lang, consent words, PDF layouts)', () => {
  test('every key exists in every language, with the same ICU arguments', ({ assert }) => {
    const english = catalogue('en')
    assert.isAbove(Object.keys(english).length, 50)
    for (const language of LANGUAGES) {
      const messages = catalogue(language)
      assert.deepEqual(Object.keys(messages).sort(), Object.keys(english).sort(), language)
      for (const [key, message] of Object.entries(messages))
        assert.deepEqual(argumentsOf(message), argumentsOf(english[key]), `${language} ${key}`)
    }
  })

  test('consent words and PDF layout twins keep the English placeholders', ({ assert }) => {
    for (const [language, versions] of Object.entries(CONSENT_TRANSLATIONS)) {
      assert.deepEqual(Object.keys(versions).sort(), Object.keys(CONSENT_TEXTS).sort(), language)
      for (const [version, words] of Object.entries(versions))
        assert.deepEqual(
          placeholders(words),
          placeholders(CONSENT_TEXTS[version as keyof typeof CONSENT_TEXTS]),
          `${language} ${version}`
        )
    }
    for (const item of Object.values(CONSENT_SCHEDULE_ITEM))
      assert.deepEqual(placeholders(item), ['amount', 'date'])
    for (const layout of ['policy_confirmation', 'cancellation_confirmation']) {
      const english = readFileSync(join(DOCUMENTS, `${layout}.json`), 'utf8')
      for (const language of LANGUAGES.filter((l) => l !== 'en')) {
        const twin = readFileSync(join(DOCUMENTS, `${layout}.${language}.json`), 'utf8')
        assert.deepEqual(
          [...new Set(placeholders(twin))],
          [...new Set(placeholders(english))],
          `${layout}.${language}`
        )
      }
    }
  })
})
