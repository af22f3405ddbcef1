import { Link as RouterLink } from 'react-router-dom'
import { Button, Stack } from '@mui/material'
import SwapHorizIcon from '@mui/icons-material/SwapHoriz'
import PeopleIcon from '@mui/icons-material/PeopleAlt'
import AutorenewIcon from '@mui/icons-material/Autorenew'
import SettingsIcon from '@mui/icons-material/Settings'
import { SectionCard } from '../../components/SectionCard'
import { adminPath } from '../../paths'

const QUICK_LINKS = [
  { label: 'Migrations', to: adminPath('migrations'), icon: <SwapHorizIcon /> },
  { label: 'Members', to: adminPath('members'), icon: <PeopleIcon /> },
  { label: 'Subscriptions', to: adminPath('subscriptions'), icon: <AutorenewIcon /> },
  { label: 'Settings', to: adminPath('settings'), icon: <SettingsIcon /> },
]

/** Links to the screens used most, at the bottom of the dashboard. */
export function QuickActions() {
  return (
    <SectionCard title="Quick Actions">
      <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap', rowGap: 1.5 }}>
        {QUICK_LINKS.map((link) => (
          <Button
            key={link.to}
            component={RouterLink}
            to={link.to}
            variant="outlined"
            startIcon={link.icon}
            data-testid={`quick-${link.label.toLowerCase()}`}
          >
            {link.label}
          </Button>
        ))}
      </Stack>
    </SectionCard>
  )
}
