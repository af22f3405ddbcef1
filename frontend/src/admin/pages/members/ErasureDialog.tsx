import { useState } from 'react'
import { useCanAccess } from 'react-admin'
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material'
import { useAdminTools } from '../../components/useAdminTools'
import type { MemberRecord } from './types'

/**
 * "Erase personal data" on a principal's detail (docs/privacy.md): an Owner's action
 * (`members.erase`), confirmed by typing "ERASE <member ID>" as Clean database's phrase; the
 * server checks the phrase again.
 */
export function ErasureButton({
  member,
  onErased,
}: {
  member: MemberRecord
  onErased: () => void
}) {
  const { canAccess } = useCanAccess({ resource: 'members.erase', action: 'ability' })
  const [open, setOpen] = useState(false)
  if (!canAccess || member.principal_id !== null) return null
  return (
    <>
      <Button
        color="error"
        variant="outlined"
        onClick={() => setOpen(true)}
        data-testid="erase-member"
      >
        Erase personal data
      </Button>
      {open ? (
        <ErasureDialog member={member} onClose={() => setOpen(false)} onErased={onErased} />
      ) : null}
    </>
  )
}

function ErasureDialog({
  member,
  onClose,
  onErased,
}: {
  member: MemberRecord
  onClose: () => void
  onErased: () => void
}) {
  const { dataProvider, toast, refresh } = useAdminTools()
  const phrase = `ERASE ${member.member_id}`
  const [typed, setTyped] = useState('')
  const [busy, setBusy] = useState(false)
  const erase = async () => {
    if (typed !== phrase) return toast.error(`Please type "${phrase}" to confirm`)
    setBusy(true)
    try {
      await dataProvider.eraseMember(member.id, typed)
      toast.success('Personal data erased')
      onClose()
      onErased()
      refresh()
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Failed to erase personal data')
    } finally {
      setBusy(false)
    }
  }
  return (
    <Dialog open onClose={onClose} aria-labelledby="erasure-title" data-testid="erasure-dialog">
      <DialogTitle id="erasure-title">Erase personal data</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Anonymises {member.insured_full_name} ({member.member_id}) and their family everywhere:
          names, emails and birth dates. Payments and refunds stay for accounting without them;
          documents are deleted and every session ends (docs/privacy.md). This cannot be undone.
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          size="small"
          label={`Type ${phrase} to confirm`}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'erasure-phrase' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          color="error"
          variant="contained"
          onClick={erase}
          disabled={busy || typed !== phrase}
          data-testid="erasure-confirm"
        >
          Erase
        </Button>
      </DialogActions>
    </Dialog>
  )
}
