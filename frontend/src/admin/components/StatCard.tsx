import type { ReactNode } from 'react'
import { Link as RouterLink } from 'react-router-dom'
import { Box, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material'

/** A figure tile: label, big value, optional detail line; a link when `to` is set. */
export function StatCard(props: {
  label: string
  value: ReactNode
  detail?: ReactNode
  icon?: ReactNode
  to?: string
  testId?: string
  accent?: string
}) {
  const content = (
    <CardContent>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
            {props.label}
          </Typography>
          <Typography variant="h5" component="p" sx={{ mt: 0.5 }} data-testid={props.testId}>
            {props.value}
          </Typography>
          {props.detail ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {props.detail}
            </Typography>
          ) : null}
        </Box>
        {props.icon ? (
          <Box
            sx={{
              p: 1,
              borderRadius: 2,
              bgcolor: props.accent ?? 'primary.main',
              color: '#fff',
              display: 'flex',
            }}
          >
            {props.icon}
          </Box>
        ) : null}
      </Stack>
    </CardContent>
  )
  return (
    <Card sx={{ height: '100%' }}>
      {props.to ? (
        <CardActionArea component={RouterLink} to={props.to} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  )
}
