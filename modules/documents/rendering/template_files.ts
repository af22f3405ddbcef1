import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { resolve, sep } from 'node:path'
import app from '@adonisjs/core/services/app'
import { assertLayout, type DocumentLayout } from './layout_types.js'

/** Folder of document template files; template_file_path is relative to it. */
export function documentTemplatesDirectory() {
  return app.makePath('backend', 'templates', 'documents')
}

/**
 * The file of a layout in a language: its language twin next to it (`policy.json` →
 * `policy.de.json`) when that exists, else the file itself (English is the fallback).
 */
function languageTwin(templateFilePath: string, language: string): string {
  if (language === 'en' || !templateFilePath.endsWith('.json')) return templateFilePath
  const twin = templateFilePath.replace(/\.json$/, `.${language}.json`)
  const root = documentTemplatesDirectory()
  const file = resolve(root, twin)
  return file.startsWith(root + sep) && existsSync(file) ? twin : templateFilePath
}

/**
 * Reads and checks a template file (its language twin when there is one); a path leaving the
 * templates folder is refused.
 */
export async function loadLayout(
  requestedPath: string,
  language: string = 'en'
): Promise<DocumentLayout> {
  const templateFilePath = languageTwin(requestedPath, language)
  const root = documentTemplatesDirectory()
  const file = resolve(root, templateFilePath)
  if (!file.startsWith(root + sep))
    throw new Error(`Template path ${templateFilePath} is outside the templates folder`)
  // Errors name the template by its relative path: a server path never reaches an admin's screen.
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch {
    throw new Error(`Template file ${templateFilePath} was not found in the templates folder`)
  }
  let layout: unknown
  try {
    layout = JSON.parse(text)
  } catch {
    throw new Error(`Template file ${templateFilePath} is not valid JSON`)
  }
  assertLayout(layout, templateFilePath)
  return layout
}
