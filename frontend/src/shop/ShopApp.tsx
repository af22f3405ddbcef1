import { Navigate, Route, Routes } from 'react-router-dom'
import { LoginPage } from './pages/LoginPage'
import { DashboardPage } from './pages/DashboardPage'
import { SelectPage } from './pages/SelectPage'
import { CheckoutPage } from './pages/CheckoutPage'
import { SuccessPage } from './pages/SuccessPage'
import { AlreadyMigratedPage } from './pages/AlreadyMigratedPage'

/** The member shop's routes (member-shop.md §2). */
export default function ShopApp() {
  return (
    <Routes>
      <Route path="login" element={<LoginPage />} />
      <Route path="dashboard" element={<DashboardPage />} />
      <Route path="select" element={<SelectPage />} />
      <Route path="checkout" element={<CheckoutPage />} />
      <Route path="success" element={<SuccessPage />} />
      <Route path="already-migrated" element={<AlreadyMigratedPage />} />
      <Route path="*" element={<Navigate to="/shop/login" replace />} />
    </Routes>
  )
}
