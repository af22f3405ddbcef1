import { mountAppWithoutDataRouter } from './common/AppShell'
import { shopRoutes } from './shop/routes'
import { loadFirstLanguage } from './shop/i18n/LanguageProvider'

// The shop's entry (index.html). The back-office has its own (admin.html, adminMain.tsx), which
// the server and the Vite dev server answer for /admin/*: no back-office code is reachable from here.
// On /shop/login the server has already put the sign-in page's HTML into #root (signInShells.tsx):
// the first render replaces it with the same page, once the catalogue of the member's language has
// arrived (only that one is downloaded: shop/i18n/messages.ts).
void loadFirstLanguage().then(() => mountAppWithoutDataRouter(shopRoutes))
