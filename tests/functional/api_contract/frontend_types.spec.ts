import { test } from '@japa/runner'
import { readFile, writeFile } from 'node:fs/promises'
import openapiTS, { astToString } from 'openapi-typescript'
import { apiDocument } from '#modules/api_contract/index'

const TYPES_FILE = 'frontend/src/common/api_types.ts'
const HEADER =
  '/* The API types of the shop and back-office, generated from GET /api/openapi.json: run `npm run api:types` after changing a route, a validator or an answer schema. Do not edit. */\n'

/** What the types file must say now (the OpenAPI document of this very server). */
async function generatedTypes() {
  const { 'x-undocumented': _undocumented, ...document } = apiDocument() as any
  return HEADER + astToString(await openapiTS(document, { alphabetize: true }))
}

test.group('Frontend API types', () => {
  test('the committed types are the ones the API document gives (no drift)', async ({ assert }) => {
    const expected = await generatedTypes()
    if (process.env.API_TYPES_WRITE === '1') await writeFile(TYPES_FILE, expected)
    const committed = await readFile(TYPES_FILE, 'utf8').catch(() => '')
    assert.isTrue(committed === expected, `${TYPES_FILE} is out of date: run npm run api:types`)
  })
})
