import { useId, type ReactNode } from 'react'
import { Card, CardContent, Stack, Typography, type CardProps } from '@mui/material'

const header = { justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 } as const
type SectionCardProps = Omit<CardProps, 'title'> & { title: string; actions?: ReactNode; heading?: 'h2' | 'h3' }

/** A detail page's card as a section named by its heading, with optional actions beside the title. */
export function SectionCard({ title, actions, heading = 'h2', children, ...card }: SectionCardProps) {
  const titleId = useId()
  return (
    <Card component="section" aria-labelledby={titleId} {...card}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={header}>
          <Typography variant="h6" component={heading} id={titleId}>
            {title}
          </Typography>
          {actions}
        </Stack>
        {children}
      </CardContent>
    </Card>
  )
}
