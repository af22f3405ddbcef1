/**
 * The shop's message catalogues (frontend/src/shop/i18n/*.json, docs/shop.md "Languages"): every
 * key of the English catalogue exists in every language and no language has a key English lacks;
 * no entry is empty; every placeholder of the English entry is in the translation; and every key is
 * used in the shop's sources (quoted as a whole string literal: keys are never built from pieces).
 * `npm run check:i18n`; the test command runs every check:* script.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

const CATALOGUE_DIR = 'frontend/src/shop/i18n'
const SOURCES = 'frontend/src/shop'
const REFERENCE = 'en'

const read = (file) => JSON.parse(readFileSync(join(CATALOGUE_DIR, file), 'utf8'))
const catalogues = Object.fromEntries(
  readdirSync(CATALOGUE_DIR)
    .filter((file) => file.endsWith('.json'))
    .map((file) => [file.replace(/\.json$/, ''), read(file)])
)
const reference = catalogues[REFERENCE]
const problems = []

/** The simple argument names of an ICU message ({name}, {name, plural, …}) and its tags (<b>). */
function placeholders(message) {
  const names = new Set()
  for (const match of message.matchAll(/\{\s*([A-Za-z_][\w]*)\s*[,}]/g)) names.add(match[1])
  for (const match of message.matchAll(/<([a-z]+)>/g)) names.add(`<${match[1]}>`)
  return names
}

for (const [language, catalogue] of Object.entries(catalogues)) {
  if (language === REFERENCE) continue
  for (const key of Object.keys(reference)) {
    if (!(key in catalogue)) {
      problems.push(`${language}.json: missing key "${key}"`)
      continue
    }
    const expected = placeholders(reference[key])
    const found = placeholders(catalogue[key])
    for (const name of expected)
      if (!found.has(name)) problems.push(`${language}.json: "${key}" lacks ${name}`)
  }
  for (const key of Object.keys(catalogue))
    if (!(key in reference))
      problems.push(`${language}.json: key "${key}" is not in ${REFERENCE}.json`)
}
for (const [language, catalogue] of Object.entries(catalogues))
  for (const [key, message] of Object.entries(catalogue))
    if (typeof message !== 'string' || message.trim() === '')
      problems.push(`${language}.json: "${key}" is empty`)

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx)$/.test(name) ? [path] : []
  })
}
const used = new Set()
for (const file of sourceFiles(SOURCES))
  for (const match of readFileSync(file, 'utf8').matchAll(/['"`]([\w.-]+)['"`]/g))
    used.add(match[1])
for (const key of Object.keys(reference))
  if (!used.has(key)) problems.push(`${REFERENCE}.json: key "${key}" is used nowhere in ${SOURCES}`)

if (problems.length) {
  console.error(`check:i18n: ${problems.length} problem(s)\n${problems.join('\n')}`)
  process.exit(1)
}
console.log(
  `check:i18n: ${Object.keys(reference).length} keys in ${Object.keys(catalogues).join(', ')}; all used`
)
