import type { ComponentType } from 'react'
import type { SvgIconComponent } from '@mui/icons-material'
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined'
import MigrationsIcon from '@mui/icons-material/SwapHorizOutlined'
import UnmigratedIcon from '@mui/icons-material/PersonSearchOutlined'
import MembersIcon from '@mui/icons-material/PeopleAltOutlined'
import SubscriptionsIcon from '@mui/icons-material/AutorenewOutlined'
import ProductsIcon from '@mui/icons-material/Inventory2Outlined'
import CurrenciesIcon from '@mui/icons-material/CurrencyExchangeOutlined'
import DocTemplatesIcon from '@mui/icons-material/DescriptionOutlined'
import EmailTemplatesIcon from '@mui/icons-material/MailOutlined'
import EmailOverridesIcon from '@mui/icons-material/AlternateEmailOutlined'
import ApiConfigsIcon from '@mui/icons-material/ApiOutlined'
import AdminsIcon from '@mui/icons-material/AdminPanelSettingsOutlined'
import ImportIcon from '@mui/icons-material/UploadFileOutlined'
import SettingsIcon from '@mui/icons-material/SettingsOutlined'
import DashboardPage from './pages/dashboard'
import migrations from './pages/migrations'
import UnmigratedUsersPage from './pages/unmigrated-users'
import members from './pages/members'
import SubscriptionsPage from './pages/subscriptions'
import ProductsPage from './pages/products'
import currencies from './pages/currencies'
import docTemplates from './pages/templates'
import EmailTemplatesPage from './pages/email-templates'
import EmailOverridesPage from './pages/email-overrides'
import apiConfigs from './pages/api-configs'
import admins from './pages/admins'
import ImportPage from './pages/import'
import SettingsPage from './pages/settings'
import DeadLetterList from './pages/dead-letters/DeadLetterList'

export interface AdminPage {
  path: string
  label: string
  icon: SvgIconComponent
  component: ComponentType
}

/** The sidebar of the back-office, in the spec's order (member-shop.md §2). */
export const SIDEBAR_PAGES: AdminPage[] = [
  { path: 'dashboard', label: 'Dashboard', icon: DashboardIcon, component: DashboardPage },
  { path: 'migrations', label: 'Migrations', icon: MigrationsIcon, component: migrations.list },
  { path: 'unmigrated-users', label: 'Unmigrated Users', icon: UnmigratedIcon, component: UnmigratedUsersPage },
  { path: 'members', label: 'Members', icon: MembersIcon, component: members.list },
  { path: 'subscriptions', label: 'Subscriptions', icon: SubscriptionsIcon, component: SubscriptionsPage },
  { path: 'products', label: 'Products', icon: ProductsIcon, component: ProductsPage },
  { path: 'currencies', label: 'Currencies', icon: CurrenciesIcon, component: currencies.list },
  { path: 'templates', label: 'Doc Templates', icon: DocTemplatesIcon, component: docTemplates.list },
  { path: 'email-templates', label: 'Email Templates', icon: EmailTemplatesIcon, component: EmailTemplatesPage },
  { path: 'email-overrides', label: 'Email Overrides', icon: EmailOverridesIcon, component: EmailOverridesPage },
  { path: 'api-configs', label: 'API Configs', icon: ApiConfigsIcon, component: apiConfigs.list },
  { path: 'admins', label: 'Admins', icon: AdminsIcon, component: admins.list },
  { path: 'import', label: 'Import Data', icon: ImportIcon, component: ImportPage },
  { path: 'settings', label: 'Settings', icon: SettingsIcon, component: SettingsPage },
]

/** Routes that are not sidebar entries. */
export const OTHER_PAGES: { path: string; component: ComponentType }[] = [
  { path: 'migrations/:id', component: migrations.show },
  { path: 'dead-letters', component: DeadLetterList },
]
