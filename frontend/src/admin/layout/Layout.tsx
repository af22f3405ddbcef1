import {
  AppBar,
  Layout,
  LoadingIndicator,
  Sidebar,
  type LayoutProps,
  type SidebarProps,
} from 'react-admin'
import { Box, Typography, useMediaQuery, type Theme } from '@mui/material'
import { useBranding } from '../../common/branding'
import { Menu } from './Menu'
import { GlobalSearch } from './search/GlobalSearch'

/**
 * The app bar's tools (no language or theme menu here): the one search across the back-office
 * (search/GlobalSearch.tsx), react-admin's refresh button and the spinner shown while a call is in
 * flight, which had no name (axe aria-progressbar-name, seen when a check ran during a reload).
 */
const APP_BAR_TOOLS = (
  <>
    <GlobalSearch />
    <LoadingIndicator aria-label="Loading" />
  </>
)

function BrandAppBar() {
  const { branding } = useBranding()
  return (
    <AppBar userMenu={false} color="primary" toolbar={APP_BAR_TOOLS}>
      {branding.logoUrl ? (
        <Box
          component="img"
          src={branding.logoUrl}
          alt=""
          sx={{ height: 32, mr: 1.5, borderRadius: 1, bgcolor: '#fff', p: 0.25 }}
        />
      ) : null}
      <Typography variant="h6" sx={{ mr: 2, whiteSpace: 'nowrap' }} data-testid="admin-brand-name">
        {branding.brandName}
      </Typography>
      <Typography
        variant="body2"
        sx={{ opacity: 0.8, mr: 2, display: { xs: 'none', md: 'block' } }}
      >
        Back-office
      </Typography>
    </AppBar>
  )
}

// react-admin sizes the layout and a list to fit their content; minWidth 0 keeps them to the
// window, so a wide table scrolls inside its card instead of pushing the page (and its app bar) sideways.
// On a phone, cells keep their text on one line (the table scrolls) instead of one letter a line.
const layoutSx = (theme: Theme) => ({
  'minWidth': 0,
  '& .RaLayout-content': { p: { xs: 2, md: 3 }, bgcolor: 'background.default', minWidth: 0 },
  '& .RaList-main, & .RaList-content': { minWidth: 0, maxWidth: '100%' },
  '& .RaDataTable-tableWrapper, & .RaDatagrid-tableWrapper': { overflowX: 'auto' },
  [theme.breakpoints.down('sm')]: {
    '& .RaDataTable-table .MuiTableCell-root': { whiteSpace: 'nowrap' },
  },
})

/** On a phone the menu is a modal drawer (react-admin's temporary Sidebar): a dialog named "Menu". */
const PHONE_MENU = { paper: { 'role': 'dialog', 'aria-modal': true, 'aria-label': 'Menu' } }
function AdminSidebar(props: SidebarProps) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'))
  return <Sidebar {...props} slotProps={phone ? PHONE_MENU : props.slotProps} />
}

export const AdminLayout = (props: LayoutProps) => (
  <Layout {...props} appBar={BrandAppBar} menu={Menu} sidebar={AdminSidebar} sx={layoutSx} />
)
