import { Stack, Typography } from '@mui/material'
import { SectionCard } from '../../components/SectionCard'
import { SettingField, type FormatOption, type SettingGroups } from './SettingField'

const CATEGORY_TITLES: Record<string, { title: string; subtitle: string }> = {
  formatting: {
    title: 'Formatting',
    subtitle: 'How dates and times are displayed in the shop and the back-office.',
  },
  email: { title: 'Email', subtitle: 'Recipients and sender of the emails the portal sends.' },
  payment: { title: 'Payment', subtitle: 'Currency and exchange-rate provider.' },
  application: { title: 'Application', subtitle: 'Time zone, public address and secure links.' },
  branding: {
    title: 'Branding',
    subtitle: 'Name, logo, colours and contact details shown to members and admins.',
  },
}

/** One section per category that has settings: its title, what it is about, its fields. */
export function SettingsCategories(props: {
  groups: SettingGroups
  options: Record<string, FormatOption[]>
}) {
  const categories = Object.entries(props.groups).filter(([, settings]) => settings.length > 0)
  return (
    <Stack spacing={3}>
      {categories.map(([category, settings]) => (
        <SectionCard
          key={category}
          title={CATEGORY_TITLES[category]?.title ?? category}
          data-testid={`settings-category-${category}`}
        >
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {CATEGORY_TITLES[category]?.subtitle}
          </Typography>
          {settings.map((setting) => (
            <SettingField
              key={setting.setting_key}
              setting={setting}
              options={props.options[setting.setting_key]}
            />
          ))}
        </SectionCard>
      ))}
    </Stack>
  )
}
