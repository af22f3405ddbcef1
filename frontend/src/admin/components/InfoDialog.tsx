import type { ReactNode } from 'react'
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  type DialogContentProps,
  type DialogProps,
} from '@mui/material'

type InfoDialogProps = Omit<DialogProps, 'title' | 'onClose' | 'content'> & {
  title: ReactNode
  testId: string
  onClose: () => void
  contentProps?: DialogContentProps & { 'data-testid'?: string }
}

/** A dialog that only shows something: its title, its content (between dividers) and Close. */
export function InfoDialog({
  title,
  testId,
  onClose,
  contentProps,
  children,
  ...dialog
}: InfoDialogProps) {
  return (
    <Dialog onClose={onClose} maxWidth="md" fullWidth data-testid={testId} {...dialog}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers {...contentProps}>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  )
}
