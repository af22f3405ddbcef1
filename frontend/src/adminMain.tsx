import { mountApp } from './common/AppShell'
import { adminRoutes } from './admin/routes'

// The back-office entry (admin.html): react-admin is imported statically, so Vite lists every chunk of
// the shell as <link rel="modulepreload"> in admin.html and the browser fetches them all in one step.
// What the sign-in page does not show loads later: the layout (admin/shell.tsx) and, with the first
// toast, notistack (common/toast.tsx). On /admin/login the server has already put the sign-in page's
// HTML into #root (signInShells.tsx): the first render replaces it with the same page.
mountApp(adminRoutes)
