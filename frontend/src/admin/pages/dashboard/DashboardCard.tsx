import type { ReactNode } from 'react'
import { Card, CardContent, Stack, Typography } from '@mui/material'

type DashboardCardProps = { title: string; titleId?: string; action?: ReactNode; testId?: string; fill?: boolean; children: ReactNode }

/** A dashboard card: its title (an h2, with an optional action beside it) above its content; `fill` fills its grid cell. */
export function DashboardCard(props: DashboardCardProps) {
  return (
    <Card sx={props.fill ? { height: '100%' } : undefined} data-testid={props.testId}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
          <Typography variant="h6" component="h2" id={props.titleId}>
            {props.title}
          </Typography>
          {props.action}
        </Stack>
        {props.children}
      </CardContent>
    </Card>
  )
}
