import type { ReactNode } from 'react'
import { Card, CardContent, Typography } from '@mui/material'

/** An empty state as a card: optional icon and title, the text, an optional action. */
export function EmptyCard(props: { text: string; title?: string; icon?: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <Card data-testid={props.testId}>
      <CardContent sx={{ textAlign: 'center', py: 6 }}>
        {props.icon}
        {props.title ? <Typography variant="h6" component="h2">{props.title}</Typography> : null}
        <Typography color="text.secondary" sx={{ mb: props.action ? 2 : 0 }}>{props.text}</Typography>
        {props.action}
      </CardContent>
    </Card>
  )
}
