import { Navigate, Route, Routes } from 'react-router-dom'
import { mountApp } from './common/AppShell'
import AdminApp from './admin/AdminApp'

// The back-office entry (admin.html): react-admin is imported statically, so Vite lists every chunk of
// the shell as <link rel="modulepreload"> in admin.html and the browser fetches them all in one step.
// What the sign-in page does not show loads later: the layout (admin/shell.tsx) and, with the first
// toast, notistack (common/toast.tsx).
mountApp(
  <Routes>
    <Route path="/admin/*" element={<AdminApp />} />
    <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
  </Routes>
)
