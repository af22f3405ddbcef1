import { Navigate, Route, Routes } from 'react-router-dom'
import { mountApp } from './common/AppShell'
import AdminApp from './admin/AdminApp'
// The toasts' notistack chunk, which the shop loads after its first paint (common/toast.tsx), is part
// of the back-office's first load instead: imported here, it is preloaded with the shell (one step).
import './common/Toaster'

// The back-office entry (admin.html): react-admin is imported statically, so Vite lists every chunk of
// the shell as <link rel="modulepreload"> in admin.html and the browser fetches them all in one step.
mountApp(
  <Routes>
    <Route path="/admin/*" element={<AdminApp />} />
    <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
  </Routes>
)
