import { lazy, Suspense } from 'react'
import { Navigate, Route, Routes } from 'react-router-dom'
import { LinearProgress } from '@mui/material'
import { mountApp } from './common/AppShell'
import ShopApp from './shop/ShopApp'

// The server answers /admin/* with admin.html (its own entry, adminMain.tsx, whose chunks index.html
// does not list); this lazy route only serves the Vite dev server, which answers every path with index.html.
const AdminApp = lazy(() => import('./admin/AdminApp'))

mountApp(
  <Routes>
    <Route path="/" element={<Navigate to="/shop/login" replace />} />
    <Route path="/shop/*" element={<ShopApp />} />
    <Route
      path="/admin/*"
      element={
        <Suspense fallback={<LinearProgress />}>
          <AdminApp />
        </Suspense>
      }
    />
    <Route path="*" element={<Navigate to="/shop/login" replace />} />
  </Routes>
)
