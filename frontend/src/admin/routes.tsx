import { Navigate, Route, Routes } from 'react-router-dom'
import AdminApp from './AdminApp'

/** The back-office entry's routes (adminMain.tsx), also drawn by the server for /admin/login (signInShells.tsx). */
export const adminRoutes = (
  <Routes>
    <Route path="/admin/*" element={<AdminApp />} />
    <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
  </Routes>
)
