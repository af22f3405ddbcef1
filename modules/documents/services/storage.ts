import { mkdir, rename, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import app from '@adonisjs/core/services/app'
import env from '#start/env'

/** Root of stored files (STORAGE_DIR, default storage/), absolute. */
function storageRoot() {
  return app.makePath(env.get('STORAGE_DIR', 'storage'))
}

export function storagePath(relative: string) {
  return join(storageRoot(), relative)
}

/** Writes a file under the storage root atomically (a crash never leaves half a PDF). */
export async function storeFile(relative: string, content: Buffer) {
  const target = storagePath(relative)
  // Owner-only: policy documents carry members' personal data.
  await mkdir(dirname(target), { recursive: true, mode: 0o700 })
  const temporary = `${target}.${process.pid}.tmp`
  await writeFile(temporary, content, { mode: 0o600 })
  await rename(temporary, target)
  return target
}

/** A string safe as one file or folder name. */
export function safeName(value: string) {
  return value.replace(/[^a-zA-Z0-9._-]+/g, '_').slice(0, 100)
}
