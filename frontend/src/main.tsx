import { mountAppWithoutDataRouter } from './common/AppShell'
import { shopRoutes } from './shop/routes'
import { firstLanguageInPage, loadFirstLanguage } from './shop/i18n/LanguageProvider'

// The shop's entry (index.html). The back-office has its own (admin.html, adminMain.tsx), which
// the server and the Vite dev server answer for /admin/*: no back-office code is reachable from here.
// On /shop/login the server has already put the sign-in page's HTML into #root (signInShells.tsx):
// the first render replaces it with the same page at once, with the words of its language that the
// server put into the page; elsewhere once they have been downloaded (only that language's:
// shop/i18n/messages.ts).
const mount = () => mountAppWithoutDataRouter(shopRoutes)
if (firstLanguageInPage()) mount()
else void loadFirstLanguage().then(mount)
