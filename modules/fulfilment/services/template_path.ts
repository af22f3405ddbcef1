import { existsSync } from 'node:fs'
import { isAbsolute, join, normalize, relative, sep } from 'node:path'
import app from '@adonisjs/core/services/app'
import { ApiError } from '#modules/shared/index'

/** Document layout files live here; a template's template_file_path is relative to it. */
export const DOCUMENT_TEMPLATES_DIR = 'backend/templates/documents'

const SAFE_PATH = /^[A-Za-z0-9][A-Za-z0-9 _.\-/]*$/

/**
 * Normalises a template file path and refuses anything that could leave the
 * templates folder: absolute paths, drive letters, backslashes, `..` segments.
 */
export function safeTemplatePath(input: string): string {
  const path = input.trim()
  const invalid = () => new ApiError('The template file path must be a relative path inside the templates folder (no "..", no absolute path)', 422)
  if (!SAFE_PATH.test(path) || isAbsolute(path) || path.split('/').some((segment) => segment === '..' || segment === '.')) throw invalid()
  const root = app.makePath(DOCUMENT_TEMPLATES_DIR)
  const inside = relative(root, join(root, normalize(path)))
  if (inside.startsWith('..') || isAbsolute(inside) || inside.split(sep).includes('..')) throw invalid()
  return inside.split(sep).join('/')
}

export function templateFileExists(path: string) {
  return existsSync(app.makePath(DOCUMENT_TEMPLATES_DIR, path))
}
