import { Box, Divider, MenuList } from '@mui/material'
import { useMatch } from 'react-router-dom'
import { Logout, Menu as RaMenu, MenuItemLink, useCanAccess } from 'react-admin'
import SecurityIcon from '@mui/icons-material/LockPersonOutlined'
import { SIDEBAR_PAGES, type AdminPage } from '../pages'
import { adminPath } from '../paths'

/** A sidebar entry: react-admin's MenuItemLink (an anchor), marked current when the path equals or starts with its own. */
function SidebarLink({ page }: { page: AdminPage }) {
  const to = adminPath(page.path)
  const current = useMatch({ path: to, end: false })
  // A screen the administrator's role cannot use is not offered (authProvider.canAccess).
  const { canAccess } = useCanAccess({ resource: page.path, action: 'list' })
  if (canAccess === false) return null
  return (
    <MenuItemLink
      to={to}
      primaryText={page.label}
      leftIcon={<page.icon fontSize="small" />}
      aria-current={current ? 'page' : undefined}
    />
  )
}

const activeStyle = {
  '& .MuiMenuItem-root': { mx: 1, borderRadius: 2, mb: 0.25 },
  '& .MuiMenuItem-root.RaMenuItemLink-active': {
    'bgcolor': 'primary.main',
    'color': 'primary.contrastText',
    '& .MuiListItemIcon-root, & .MuiTypography-root': { color: 'inherit' },
  },
  '& .MuiMenuItem-root.RaMenuItemLink-active:hover': { bgcolor: 'primary.dark' },
}

/** The spec's 14 entries in its order, Finance after Subscriptions, Logout at the bottom. */
export function Menu() {
  return (
    <Box
      component="nav"
      aria-label="Back-office"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        minHeight: 'calc(100vh - 64px)',
        width: 240,
        pt: 1,
      }}
    >
      <RaMenu data-testid="admin-sidebar" sx={{ flexGrow: 1, mt: 0, ...activeStyle }}>
        {SIDEBAR_PAGES.map((page) => (
          <SidebarLink key={page.path} page={page} />
        ))}
      </RaMenu>
      <Divider />
      <MenuList aria-label="Session" sx={{ mx: 1 }}>
        <MenuItemLink
          to={adminPath('security')}
          primaryText="Security"
          leftIcon={<SecurityIcon fontSize="small" />}
          data-testid="admin-security-link"
          sx={{ borderRadius: 2 }}
        />
        <Logout data-testid="admin-logout" sx={{ borderRadius: 2 }} />
      </MenuList>
    </Box>
  )
}
