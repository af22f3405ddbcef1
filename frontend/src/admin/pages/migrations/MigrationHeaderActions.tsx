import { Button } from '@mui/material'
import BlockIcon from '@mui/icons-material/Block'
import LockOpenIcon from '@mui/icons-material/LockOpen'
import { useAdminMutation } from '../../components/useAdminMutation'
import { useAdminData } from '../../dataProvider'
import { CancelCoverageButton } from './CancelCoverage'
import type { MigrationDetail } from './migrationDetailTypes'

/** A fulfilled coverage can be cancelled (docs/payments.md, "Who may do what"). */
const CANCELLABLE = ['completed', 'completed_with_warnings']

/**
 * The detail's header buttons: Cancel Coverage (once fulfilled), Block Member (opens the page's
 * block dialog through `onBlock`) and Unblock Member (at once).
 */
export function MigrationHeaderActions({
  migration,
  blockId,
  onBlock,
}: {
  migration: MigrationDetail
  /** The id in the page's address, which the block call takes. */
  blockId: string
  onBlock: () => void
}) {
  const dataProvider = useAdminData()
  const blockMember = (action: 'block' | 'unblock') => dataProvider.blockMember(blockId, action)
  const blocked = (_answer: unknown, action: 'block' | 'unblock') =>
    action === 'block' ? 'Successfully blocked member' : 'Successfully unblocked member'
  const { mutate: setBlock, isPending: busy } = useAdminMutation(blockMember, blocked)
  return (
    <>
      {CANCELLABLE.includes(migration.status) ? (
        <CancelCoverageButton migrationId={migration.id} />
      ) : null}
      <Button
        variant="outlined"
        color="error"
        sx={{ color: 'error.dark' }}
        startIcon={<BlockIcon />}
        disabled={busy}
        onClick={onBlock}
        data-testid="block-member"
      >
        Block Member
      </Button>
      <Button
        variant="outlined"
        color="success"
        sx={{ color: 'success.dark' }}
        startIcon={<LockOpenIcon />}
        disabled={busy}
        onClick={() => setBlock('unblock')}
        data-testid="unblock-member"
      >
        Unblock Member
      </Button>
    </>
  )
}
