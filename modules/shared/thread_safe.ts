/**
 * The part of the shared building blocks that needs no running application
 * (no database, no container): what code running in a worker thread may
 * import (the census reading threads). index.ts exports all of it too.
 */
export { ApiError } from './api_error.js'
export * from './money.js'
export * from './dates.js'
export { textKey } from './text_keys.js'
export { startThread } from './threads.js'
