import type { ReactNode } from 'react'
import { Card, Typography } from '@mui/material'

/** An empty state as a card: optional icon and title, the text, an optional action. */
export function EmptyCard(props: {
  text: string
  title?: string
  icon?: ReactNode
  action?: ReactNode
  testId?: string
}) {
  return (
    <Card data-testid={props.testId} sx={{ textAlign: 'center', pt: 6, px: 2, pb: 3 }}>
      {props.icon}
      {props.title ? (
        <Typography variant="h6" component="h2">
          {props.title}
        </Typography>
      ) : null}
      <Typography color="text.secondary" sx={{ mb: props.action ? 2 : 0 }}>
        {props.text}
      </Typography>
      {props.action}
    </Card>
  )
}
