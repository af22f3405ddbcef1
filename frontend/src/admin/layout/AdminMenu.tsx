import { Link as RouterLink, useLocation } from 'react-router-dom'
import { useLogout } from 'react-admin'
import { Box, Divider, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material'
import LogoutIcon from '@mui/icons-material/Logout'
import { SIDEBAR_PAGES } from '../pages'
import { adminPath } from '../paths'

/** Returns true when the current path equals the entry's path or starts with it (spec: highlighting). */
export function isActive(pathname: string, entryPath: string) {
  return pathname === entryPath || pathname.startsWith(entryPath)
}

export function AdminMenu() {
  const { pathname } = useLocation()
  const logout = useLogout()
  return (
    <Box component="nav" aria-label="Back-office" sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 'calc(100vh - 64px)', width: 240, pt: 1 }}>
      <List dense sx={{ flexGrow: 1 }} data-testid="admin-sidebar">
        {SIDEBAR_PAGES.map((page) => {
          const to = adminPath(page.path)
          const selected = isActive(pathname, to)
          return (
            <ListItemButton
              key={page.path}
              component={RouterLink}
              to={to}
              selected={selected}
              aria-current={selected ? 'page' : undefined}
              sx={{ mx: 1, borderRadius: 2, mb: 0.25, '&.Mui-selected': { bgcolor: 'primary.main', color: 'primary.contrastText', '& .MuiListItemIcon-root': { color: 'inherit' } }, '&.Mui-selected:hover': { bgcolor: 'primary.dark' } }}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <page.icon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={page.label} />
            </ListItemButton>
          )
        })}
      </List>
      <Divider />
      <List dense>
        <ListItemButton onClick={() => logout()} sx={{ mx: 1, borderRadius: 2 }} data-testid="admin-logout">
          <ListItemIcon sx={{ minWidth: 36 }}>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Logout" />
        </ListItemButton>
      </List>
    </Box>
  )
}
