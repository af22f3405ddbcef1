import type { ReactNode } from 'react'
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material'

/** A yes/no question before an action (the spec's confirmation texts). */
export function ConfirmDialog(props: { open: boolean; title: string; message: ReactNode; confirmLabel?: string; busy?: boolean; onConfirm: () => void; onClose: () => void }) {
  return (
    <Dialog open={props.open} onClose={props.onClose} maxWidth="xs" fullWidth data-testid="confirm-dialog">
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{props.message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} data-testid="confirm-cancel">
          Cancel
        </Button>
        <Button variant="contained" onClick={props.onConfirm} disabled={props.busy} data-testid="confirm-ok">
          {props.confirmLabel ?? 'Confirm'}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
