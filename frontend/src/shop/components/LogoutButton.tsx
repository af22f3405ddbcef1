import { Button } from '@mui/material'
import LogoutIcon from '@mui/icons-material/Logout'
import { useNavigate } from 'react-router-dom'
import { shopApi } from '../shopApi'
import { clearSelection } from '../selection'
import { useShopText } from '../i18n/useShopText'

export function LogoutButton() {
  const navigate = useNavigate()
  const { t } = useShopText()
  const logout = async () => {
    await shopApi.logout().catch(() => undefined)
    clearSelection()
    navigate('/shop/login')
  }
  return (
    <Button
      color="inherit"
      variant="outlined"
      startIcon={<LogoutIcon />}
      onClick={logout}
      data-testid="logout-button"
      sx={{ borderColor: 'rgba(255,255,255,0.6)' }}
    >
      {t('common.logout')}
    </Button>
  )
}
