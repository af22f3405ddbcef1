import { useId, type ReactNode } from 'react'
import { Card, CardContent, Stack, Typography, type CardProps } from '@mui/material'

const header = { justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 } as const
type SectionCardProps = Omit<CardProps, 'title'> & {
  title: string
  actions?: ReactNode
  heading?: 'h2' | 'h3'
  titleId?: string
}

/** A card as a section named by its heading (id `titleId` if given), with optional actions beside the title. */
export function SectionCard({
  title,
  actions,
  heading = 'h2',
  titleId: givenId,
  children,
  ...card
}: SectionCardProps) {
  const ownId = useId()
  const titleId = givenId ?? ownId
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
