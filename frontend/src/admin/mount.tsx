import { mountApp } from '../common/AppShell'
import { adminRoutes } from './routes'

// The back-office app, imported by its entry (adminMain.tsx) once the server's sign-in page is painted.
// What the sign-in page does not show loads later: the layout (shell.tsx) and, with the first toast,
// notistack (common/toast.tsx). On /admin/login the first render replaces the server's HTML of that page
// with the same page, in one go (common/AppShell.tsx).
mountApp(adminRoutes)
