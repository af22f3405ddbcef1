import { existsSync } from 'node:fs'
import { isAbsolute, join, normalize, relative, sep } from 'node:path'
import { ApiError } from '#modules/shared/index'
import { documentTemplatesDirectory } from '../documents/template_files.js'

const SAFE_PATH = /^[A-Za-z0-9][A-Za-z0-9 _.\-/]*$/
const OUTSIDE = 'The template file path must be a relative path inside the templates folder (no "..", no absolute path)'

/**
 * Normalises a template file path (relative to backend/templates/documents)
 * and refuses anything that could leave that folder: absolute paths, drive
 * letters, backslashes, `..` segments. Layouts are JSON files.
 */
export function safeTemplatePath(input: string): string {
  const path = input.trim()
  if (!SAFE_PATH.test(path) || isAbsolute(path) || path.split('/').some((segment) => segment === '..' || segment === '.')) throw new ApiError(OUTSIDE, 422)
  const root = documentTemplatesDirectory()
  const inside = relative(root, join(root, normalize(path)))
  if (inside.startsWith('..') || isAbsolute(inside)) throw new ApiError(OUTSIDE, 422)
  if (!inside.endsWith('.json')) throw new ApiError('The template file must be a .json layout file', 422)
  return inside.split(sep).join('/')
}

export function templateFileExists(path: string) {
  return existsSync(join(documentTemplatesDirectory(), path))
}
