import { Navigate, Route, Routes } from 'react-router-dom'
import { LoginPage } from './pages/LoginPage'
import { Placeholder } from './pages/Placeholder'

/** The member shop's routes (member-shop.md §2). */
export default function ShopApp() {
  return (
    <Routes>
      <Route path="login" element={<LoginPage />} />
      <Route path="dashboard" element={<Placeholder title="Dashboard" />} />
      <Route path="select" element={<Placeholder title="Select" />} />
      <Route path="checkout" element={<Placeholder title="Checkout" />} />
      <Route path="success" element={<Placeholder title="Success" />} />
      <Route path="already-migrated" element={<Placeholder title="Already migrated" />} />
      <Route path="*" element={<Navigate to="/shop/login" replace />} />
    </Routes>
  )
}
