/**
 * Node options for a child process that runs the project's TypeScript from source: the swc hooks of
 * scripts/swc_register.mjs, which start in about a second where the TypeScript loader of the test
 * process itself (ts-node) takes four more, and the tests start dozens of such processes.
 */
export const FROM_SOURCE = [
  '--no-warnings',
  `--import=${new URL('../../scripts/swc_register.mjs', import.meta.url).href}`,
]
