import { test } from '@japa/runner'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { createIntl } from 'react-intl'
import { compileMessage } from '../../../frontend/src/shop/i18n/compileMessages.js'
import { formatParts } from '../../../frontend/src/shop/i18n/formatMessage.js'
import { isSignInKey } from '../../../frontend/src/shop/i18n/catalogueParts.js'

/**
 * The shop's catalogues are compiled at build time and formatted by the shop's own small formatter
 * (docs/shop.md, "Languages"): every message of every language must read exactly as ICU (react-intl,
 * which the shop used before) formats it, for counts that pick each plural branch, with tags.
 */
const I18N = join(import.meta.dirname, '../../../frontend/src/shop/i18n')
const LOCALES = { en: 'en-US', de: 'de-DE', fr: 'fr-FR' } as const
const catalogue = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(join(I18N, `${language}.json`), 'utf8'))

/** Every `{name` and `<tag>` of a message: strings for arguments, the count for plurals, a wrapper for tags. */
function sampleValues(message: string, count: number) {
  const values: Record<string, unknown> = {}
  for (const [, name] of message.matchAll(/\{\s*(\w+)/g)) values[name] = `«${name}»`
  for (const [, name] of message.matchAll(/\{\s*(\w+)\s*,\s*plural/g)) values[name] = count
  for (const [, tag] of message.matchAll(/<(\w+)>/g))
    values[tag] = (chunks: unknown[]) => `[${tag}:${chunks.join('')}]`
  return values
}

test.group('Shop messages: compiled and formatted as ICU does', () => {
  for (const language of Object.keys(LOCALES) as (keyof typeof LOCALES)[]) {
    test(`every ${language} message, counts 0, 1, 2 and 1,234`, ({ assert }) => {
      const messages = catalogue(language)
      const intl = createIntl({
        locale: LOCALES[language],
        messages,
        onError: (error) => {
          throw error
        },
      })
      for (const [key, source] of Object.entries(messages)) {
        const compiled = compileMessage(source, key)
        for (const count of [0, 1, 2, 1234]) {
          const values = sampleValues(source, count)
          const expected = [intl.formatMessage({ id: key }, values as never)].flat().join('')
          const actual = formatParts(compiled, values, LOCALES[language]).flat().join('')
          assert.equal(actual, expected, `${language} ${key} (count ${count})`)
        }
      }
    })
  }

  test("ICU's apostrophes, '=n' branches and select; what the formatter cannot do fails the build", ({
    assert,
  }) => {
    const cases: [string, Record<string, unknown>][] = [
      ["It's '{literal}' and '<b>' and ''quoted''", {}],
      ["{n, plural, =0 {none} one {# item} other {# items, '#' kept}}", { n: 0 }],
      ["{n, plural, =0 {none} one {# item} other {# items, '#' kept}}", { n: 3 }],
      ['{n, plural, =0 {none} one {# item} other {# items}}', { n: 12345 }],
      [
        '{kind, select, card {by card} other {otherwise}} <b>{name}</b>',
        { kind: 'card', name: 'A' },
      ],
    ]
    for (const [source, values] of cases) {
      const wrapped = { ...values, b: (chunks: unknown[]) => `[b:${chunks.join('')}]` }
      assert.equal(
        formatParts(compileMessage(source), wrapped, 'en-US').flat().join(''),
        [
          createIntl({ locale: 'en-US', messages: { x: source } }).formatMessage(
            { id: 'x' },
            wrapped as never
          ),
        ]
          .flat()
          .join(''),
        source
      )
    }
    for (const unsupported of [
      '{n, number}',
      '{d, date, short}',
      '{n, plural, offset:1 other {#}}',
      '<b>open',
    ])
      assert.throws(() => compileMessage(unsupported), /catalogue message/)
  })

  test("the sign-in page's part of each catalogue is what it draws, and a small part", ({
    assert,
  }) => {
    const english = catalogue('en')
    const signIn = Object.keys(english).filter(isSignInKey)
    for (const key of ['login.signIn', 'login.memberId', 'layout.language', 'title.login'])
      assert.include(signIn, key)
    assert.notInclude(signIn, 'pricing.plan')
    assert.isBelow(signIn.length, Object.keys(english).length / 4)
  })
})
