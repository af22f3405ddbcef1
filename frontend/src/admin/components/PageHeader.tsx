import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { Box, Button, Stack, Typography } from '@mui/material'
import ArrowBackIcon from '@mui/icons-material/ArrowBack'
import { adminPath } from '../paths'

const BACK_LABELS = { migrations: 'Back to Migrations', settings: 'Back to Settings' }

/** Title row of a back-office screen: optional link back to the screen `back` names, title, subtitle and actions. */
export function PageHeader(props: {
  title: string
  subtitle?: string
  back?: keyof typeof BACK_LABELS
  actions?: ReactNode
}) {
  return (
    <Box sx={{ mb: 3 }}>
      {props.back ? (
        <Button
          component={RouterLink}
          to={adminPath(props.back)}
          startIcon={<ArrowBackIcon />}
          size="small"
          sx={{ mb: 1 }}
        >
          {BACK_LABELS[props.back]}
        </Button>
      ) : null}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Box>
          <Typography variant="h5" component="h1">
            {props.title}
          </Typography>
          {props.subtitle ? <Typography color="text.secondary">{props.subtitle}</Typography> : null}
        </Box>
        {props.actions ? (
          <Stack direction="row" spacing={1}>
            {props.actions}
          </Stack>
        ) : null}
      </Stack>
    </Box>
  )
}
