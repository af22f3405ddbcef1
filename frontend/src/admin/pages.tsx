import type { ComponentType } from 'react'
import type { SvgIconComponent } from '@mui/icons-material'
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined'
import MigrationsIcon from '@mui/icons-material/SwapHorizOutlined'
import UnmigratedIcon from '@mui/icons-material/PersonSearchOutlined'
import MembersIcon from '@mui/icons-material/PeopleAltOutlined'
import SubscriptionsIcon from '@mui/icons-material/AutorenewOutlined'
import FinanceIcon from '@mui/icons-material/AccountBalanceOutlined'
import ProductsIcon from '@mui/icons-material/Inventory2Outlined'
import CurrenciesIcon from '@mui/icons-material/CurrencyExchangeOutlined'
import DocTemplatesIcon from '@mui/icons-material/DescriptionOutlined'
import EmailTemplatesIcon from '@mui/icons-material/MailOutlined'
import EmailOverridesIcon from '@mui/icons-material/AlternateEmailOutlined'
import ApiConfigsIcon from '@mui/icons-material/ApiOutlined'
import AdminsIcon from '@mui/icons-material/AdminPanelSettingsOutlined'
import ImportIcon from '@mui/icons-material/UploadFileOutlined'
import SettingsIcon from '@mui/icons-material/SettingsOutlined'
import {
  admins,
  apiConfigs,
  AuditLogPage,
  currencies,
  DashboardPage,
  DeadLetterList,
  docTemplates,
  EmailOverridesPage,
  EmailTemplatesPage,
  finance,
  ImportPage,
  members,
  migrations,
  ProductsPage,
  SecurityPage,
  SettingsPage,
  SubscriptionsPage,
  UnmigratedUsersPage,
} from './pageViews'

export interface AdminPage {
  path: string
  label: string
  icon: SvgIconComponent
  component: ComponentType
  /**
   * Drawn by a react-admin <Resource> named `path` (its list), not by a custom route: its show
   * view, and routes of its own below it (e.g. ':id' for /migrations/:id).
   */
  resource?: { show?: ComponentType; routes?: { path: string; component: ComponentType }[] }
}

/** The sidebar of the back-office, in the spec's order (member-shop.md §2). */
export const SIDEBAR_PAGES: AdminPage[] = [
  { path: 'dashboard', label: 'Dashboard', icon: DashboardIcon, component: DashboardPage },
  {
    path: 'migrations',
    label: 'Migrations',
    icon: MigrationsIcon,
    component: migrations.list,
    resource: { routes: [{ path: ':id', component: migrations.show }] },
  },
  {
    path: 'unmigrated-users',
    label: 'Unmigrated Users',
    icon: UnmigratedIcon,
    component: UnmigratedUsersPage,
    resource: {},
  },
  { path: 'members', label: 'Members', icon: MembersIcon, component: members.list, resource: {} },
  {
    path: 'subscriptions',
    label: 'Subscriptions',
    icon: SubscriptionsIcon,
    component: SubscriptionsPage,
  },
  {
    path: 'finance/dunning',
    label: 'Finance',
    icon: FinanceIcon,
    component: finance.dunningList,
    resource: { show: finance.dunningShow },
  },
  {
    path: 'products',
    label: 'Products',
    icon: ProductsIcon,
    component: ProductsPage,
    resource: {},
  },
  {
    path: 'currencies',
    label: 'Currencies',
    icon: CurrenciesIcon,
    component: currencies.list,
    resource: {},
  },
  {
    path: 'templates',
    label: 'Doc Templates',
    icon: DocTemplatesIcon,
    component: docTemplates.list,
    resource: {},
  },
  {
    path: 'email-templates',
    label: 'Email Templates',
    icon: EmailTemplatesIcon,
    component: EmailTemplatesPage,
    resource: {},
  },
  {
    path: 'email-overrides',
    label: 'Email Overrides',
    icon: EmailOverridesIcon,
    component: EmailOverridesPage,
    resource: {},
  },
  {
    path: 'api-configs',
    label: 'API Configs',
    icon: ApiConfigsIcon,
    component: apiConfigs.list,
    resource: {},
  },
  { path: 'admins', label: 'Admins', icon: AdminsIcon, component: admins.list, resource: {} },
  { path: 'import', label: 'Import Data', icon: ImportIcon, component: ImportPage },
  { path: 'settings', label: 'Settings', icon: SettingsIcon, component: SettingsPage },
]

/** react-admin <Resource>s that are not sidebar entries (reached through the Finance tabs). */
export const OTHER_RESOURCES: { name: string; list: ComponentType; show?: ComponentType }[] = [
  {
    name: 'finance/reconciliation',
    list: finance.reconciliationList,
    show: finance.reconciliationShow,
  },
  { name: 'finance/refunds', list: finance.refundList, show: finance.refundShow },
  { name: 'finance/disputes', list: finance.disputeList, show: finance.disputeShow },
  { name: 'dead-letters', list: DeadLetterList },
]

/** Routes that are not sidebar entries. */
export const OTHER_PAGES: { path: string; component: ComponentType }[] = [
  { path: 'settings/audit-log', component: AuditLogPage },
  { path: 'security', component: SecurityPage },
]
