/** The project root: backend/bin is two folders below it. */
export const APP_ROOT = new URL('../../', import.meta.url)

/** Imports a module relative to the project root (used by the Ignitor). */
export const IMPORTER = (filePath: string) => {
  if (filePath.startsWith('./') || filePath.startsWith('../')) {
    return import(new URL(filePath, APP_ROOT).href)
  }
  return import(filePath)
}
