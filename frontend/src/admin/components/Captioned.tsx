import type { ReactNode } from 'react'
import { Typography } from '@mui/material'
import { Caption } from './Caption'

type CaptionedProps = { children: ReactNode; caption: ReactNode; strong?: boolean; testId?: string }

/** A table cell's value over its muted second line (a name and its member ID, a status and its attempts). */
export function Captioned({ children, caption, strong, testId }: CaptionedProps) {
  return (
    <>
      {strong ? (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {children}
        </Typography>
      ) : (
        children
      )}
      <Caption testId={testId}>{caption}</Caption>
    </>
  )
}
