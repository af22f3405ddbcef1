import { Navigate, Route, Routes } from 'react-router-dom'
import ShopApp from './ShopApp'

/** The shop entry's routes (main.tsx), also drawn by the server for /shop/login (signInShells.tsx). */
export const shopRoutes = (
  <Routes>
    <Route path="/" element={<Navigate to="/shop/login" replace />} />
    <Route path="/shop/*" element={<ShopApp />} />
    <Route path="*" element={<Navigate to="/shop/login" replace />} />
  </Routes>
)
