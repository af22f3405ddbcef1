/*
|--------------------------------------------------------------------------
| Ace entry point: loads the TypeScript loader, then the real console
| entry under backend/bin.
|--------------------------------------------------------------------------
*/
import 'ts-node-maintained/register/esm'
await import('./backend/bin/console.ts')
