import type { ChangeEvent } from 'react'
import {
  Box,
  Chip,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material'
import LockIcon from '@mui/icons-material/LockOutlined'
import { useInput } from 'react-admin'
import type { ApiAnswer } from '../../../common/api_contract'

export type SettingGroups = ApiAnswer<'/api/admin/settings', 'get'>['settings']
export type Setting = SettingGroups[keyof SettingGroups][number]
export type FormatOption = ApiAnswer<
  '/api/admin/settings/options/date-formats',
  'get'
>['options'][number]

const INPUT_TYPES: Record<string, string> = {
  password: 'password',
  number: 'number',
  email: 'email',
  url: 'url',
}
const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i

/** One setting as a row: label and description on the left, a typed input of the settings form on the right. */
export function SettingField({ setting, options }: { setting: Setting; options?: FormatOption[] }) {
  // Kept as typed: an emptied value is '' (react-admin's parse would make it null, a change).
  const { field, fieldState } = useInput({
    source: setting.setting_key,
    parse: (text: string) => text,
  })
  const value = (field.value ?? '') as string
  const error = fieldState.error?.message
  const disabled = !setting.is_editable
  const testId = `setting-${setting.setting_key}`
  // The visible name labels the input for assistive technology too.
  const labelId = `${testId}-label`
  const named = { 'data-testid': testId, 'aria-labelledby': labelId }
  const typed = {
    size: 'small',
    value,
    disabled,
    onChange: (e: ChangeEvent<HTMLInputElement>) => field.onChange(e.target.value),
  } as const

  let input
  if (options) {
    input = (
      <TextField
        select
        {...typed}
        fullWidth
        slotProps={{
          htmlInput: named,
          select: { SelectDisplayProps: { 'aria-labelledby': labelId } as object },
        }}
      >
        {options.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', width: '100%', gap: 2 }}>
              <span>{option.label}</span>
              <Typography component="span" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
                {option.example}
              </Typography>
            </Stack>
          </MenuItem>
        ))}
      </TextField>
    )
  } else if (setting.setting_type === 'boolean') {
    input = (
      <FormControlLabel
        control={
          <Switch
            checked={value === 'true'}
            disabled={disabled}
            onChange={(e) => field.onChange(String(e.target.checked))}
            slotProps={{ input: named as object }}
          />
        }
        label={value === 'true' ? 'On' : 'Off'}
      />
    )
  } else if (setting.setting_type === 'color') {
    input = (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Box
          component="input"
          type="color"
          value={HEX.test(value) ? value : '#000000'}
          disabled={disabled}
          onChange={typed.onChange}
          aria-label={`${setting.display_name} picker`}
          sx={{
            width: 44,
            height: 40,
            p: 0.25,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'background.paper',
            cursor: 'pointer',
          }}
        />
        <TextField
          {...typed}
          error={!HEX.test(value) || Boolean(error)}
          helperText={error}
          sx={{ width: 140 }}
          slotProps={{ htmlInput: { ...named, style: { fontFamily: 'monospace' } } }}
        />
      </Stack>
    )
  } else {
    input = (
      <TextField
        {...typed}
        fullWidth
        type={INPUT_TYPES[setting.setting_type] ?? 'text'}
        placeholder={setting.is_sensitive ? 'Not set' : undefined}
        autoComplete={setting.is_sensitive ? 'new-password' : 'off'}
        error={Boolean(error)}
        helperText={error}
        slotProps={{ htmlInput: named }}
      />
    )
  }

  return (
    <Box
      sx={{
        'display': 'grid',
        'gridTemplateColumns': { xs: '1fr', md: '1fr 1.2fr' },
        'gap': 2,
        'py': 2,
        'alignItems': 'center',
        'borderBottom': 1,
        'borderColor': 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }} id={labelId}>
            {setting.display_name}
          </Typography>
          {disabled ? (
            <Chip size="small" icon={<LockIcon />} label="Read-only" variant="outlined" />
          ) : null}
          {fieldState.isDirty ? <Chip size="small" color="warning" label="Unsaved" /> : null}
          {setting.overridden_by_environment ? (
            <Chip
              size="small"
              color="info"
              variant="outlined"
              label="Set by environment"
              data-testid={`${testId}-environment`}
            />
          ) : null}
        </Stack>
        {setting.description ? (
          <Typography variant="body2" color="text.secondary">
            {setting.description}
          </Typography>
        ) : null}
        {setting.overridden_by_environment ? (
          <Typography variant="body2" color="info.main">
            The {setting.setting_key} environment variable is set on the server and wins over this
            value; the value below applies again once the variable is removed.
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.disabled" sx={{ fontFamily: 'monospace' }}>
          {setting.setting_key}
        </Typography>
      </Box>
      <Box>{input}</Box>
    </Box>
  )
}
