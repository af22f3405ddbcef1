import { mountAppWithoutDataRouter } from './common/AppShell'
import { shopRoutes } from './shop/routes'

// The shop's entry (index.html). The back-office has its own (admin.html, adminMain.tsx), which
// the server and the Vite dev server answer for /admin/*: no back-office code is reachable from here.
// On /shop/login the server has already put the sign-in page's HTML into #root (signInShells.tsx):
// the first render replaces it with the same page.
mountAppWithoutDataRouter(shopRoutes)
