import { Navigate, Route, Routes } from 'react-router-dom'
import { mountAppWithoutDataRouter } from './common/AppShell'
import ShopApp from './shop/ShopApp'

// The shop's entry (index.html). The back-office has its own (admin.html, adminMain.tsx), which
// the server and the Vite dev server answer for /admin/*: no back-office code is reachable from here.
mountAppWithoutDataRouter(
  <Routes>
    <Route path="/" element={<Navigate to="/shop/login" replace />} />
    <Route path="/shop/*" element={<ShopApp />} />
    <Route path="*" element={<Navigate to="/shop/login" replace />} />
  </Routes>
)
