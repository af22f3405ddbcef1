import { existsSync } from 'node:fs'
import { isAbsolute, join, normalize, relative, sep } from 'node:path'
import { ApiError } from '#modules/shared/index'
import { documentTemplatesDirectory } from '../rendering/template_files.js'

const SAFE_PATH = /^[A-Za-z0-9][A-Za-z0-9 _.\-/]*$/
const FIELD = 'templateFilePath'
const OUTSIDE =
  'The template file path must be a relative path inside the templates folder (no "..", no absolute path)'

/**
 * Normalises a template file path (relative to backend/templates/documents)
 * and refuses anything that could leave that folder: absolute paths, drive
 * letters, backslashes, `..` segments. Layouts are JSON files.
 */
export function safeTemplatePath(input: string): string {
  const refuse = (message: string) => new ApiError(message, 422, { field: FIELD })
  const path = input.trim()
  if (
    !SAFE_PATH.test(path) ||
    isAbsolute(path) ||
    path.split('/').some((segment) => segment === '..' || segment === '.')
  )
    throw refuse(OUTSIDE)
  const root = documentTemplatesDirectory()
  const inside = relative(root, join(root, normalize(path)))
  if (inside.startsWith('..') || isAbsolute(inside)) throw refuse(OUTSIDE)
  if (!inside.endsWith('.json')) throw refuse('The template file must be a .json layout file')
  const safe = inside.split(sep).join('/')
  // A template naming a file that is not there would only fail later, at document generation.
  if (!templateFileExists(safe))
    throw refuse(`Template file ${safe} does not exist in the templates folder`)
  return safe
}

export function templateFileExists(path: string) {
  return existsSync(join(documentTemplatesDirectory(), path))
}
