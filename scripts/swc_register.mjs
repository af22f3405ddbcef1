// `node --import ./scripts/swc_register.mjs file.ts`: runs TypeScript through scripts/swc_hooks.mjs.
import { register } from 'node:module'
register('./swc_hooks.mjs', import.meta.url)
