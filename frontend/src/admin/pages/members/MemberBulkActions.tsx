import { useState } from 'react'
import {
  BulkActionsToolbar,
  Button as RaButton,
  Confirm,
  SelectAllButton,
  TextInput,
  useCanAccess,
  useListContext,
} from 'react-admin'
import { Box } from '@mui/material'
import BlockIcon from '@mui/icons-material/Block'
import LockOpenIcon from '@mui/icons-material/LockOpenOutlined'
import SendIcon from '@mui/icons-material/Send'
import { FormDialog } from '../../components/FormDialog'
import { useAdminTools } from '../../components/useAdminTools'
import { SendInvitationsConfirm } from '../unmigrated-users/SendInvitationsConfirm'

/** The most rows Select all takes (the members API's page limit). */
const MEMBER_SELECT_ALL_LIMIT = 200

const members = (count: number) => `${count} member${count === 1 ? '' : 's'}`

/**
 * What the Members list does to its selected rows: Block (with a reason) and Unblock, each member
 * audited as a single block (dependants are skipped and said so), and Send Invitation (the
 * Unmigrated Users' invitation: unmigrated principals only). Select all takes every row of the
 * filter, up to MEMBER_SELECT_ALL_LIMIT.
 */
function MemberBulkButtons() {
  const { selectedIds, onUnselectItems } = useListContext()
  const { dataProvider, toast, refresh, handleError } = useAdminTools()
  const [asking, setAsking] = useState<'block' | 'unblock' | 'invite' | null>(null)
  const close = () => setAsking(null)
  // Offered to the roles that may do them (Support reads members but neither blocks nor invites).
  const { canAccess: mayBlock } = useCanAccess({ resource: 'members.manage', action: 'ability' })
  const { canAccess: mayInvite } = useCanAccess({
    resource: 'invitations.send',
    action: 'ability',
  })

  const run = async (action: 'block' | 'unblock', reason?: string) => {
    const answer = await dataProvider.blockMembers([...selectedIds], action, reason)
    toast.success(answer.message)
    if (answer.skipped.length)
      toast.info(
        `${members(answer.skipped.length)} skipped: ${[...new Set(answer.skipped.map((skip) => skip.error))].join('; ')}`
      )
    close()
    onUnselectItems()
    refresh()
  }

  return (
    <>
      {mayBlock ? (
        <>
          <RaButton label="Block" onClick={() => setAsking('block')} data-testid="bulk-block">
            <BlockIcon />
          </RaButton>
          <RaButton label="Unblock" onClick={() => setAsking('unblock')} data-testid="bulk-unblock">
            <LockOpenIcon />
          </RaButton>
        </>
      ) : null}
      {mayInvite ? (
        <RaButton
          label="Send Invitation"
          onClick={() => setAsking('invite')}
          data-testid="bulk-invite"
        >
          <SendIcon />
        </RaButton>
      ) : null}
      <FormDialog<{ reason?: string }>
        open={asking === 'block'}
        title={`Block ${members(selectedIds.length)}`}
        testId="bulk-block-dialog"
        submitLabel="Block Members"
        onClose={close}
        onSave={({ reason }) => run('block', reason?.trim() || undefined)}
      >
        <TextInput
          source="reason"
          label="Reason (optional)"
          multiline
          minRows={2}
          fullWidth
          helperText="Kept with each block; a blocked member cannot migrate. Dependants are skipped."
          slotProps={{ htmlInput: { 'maxLength': 500, 'data-testid': 'bulk-block-reason' } }}
        />
      </FormDialog>
      <Confirm
        isOpen={asking === 'unblock'}
        title={`Unblock ${members(selectedIds.length)}`}
        content="The selected members may migrate again; their blocks stay in their history."
        confirm="Unblock Members"
        onConfirm={() => run('unblock').catch((error) => handleError(error, 'Failed to unblock'))}
        onClose={close}
      />
      <SendInvitationsConfirm open={asking === 'invite'} onClose={close} />
    </>
  )
}

/** react-admin's bulk toolbar with its Select all button and the Members actions. */
export const memberBulkToolbar = (
  // On a phone the bar takes its own lines above the table instead of lying over the filters, so
  // its buttons wrap inside the card's width.
  <Box
    sx={(theme) => ({
      [theme.breakpoints.down('sm')]: {
        '& .RaBulkActionsToolbar-toolbar:not(.RaBulkActionsToolbar-collapsed)': {
          position: 'relative',
          height: 'auto',
          transform: 'none',
          flexWrap: 'wrap',
          py: 0.5,
        },
      },
    })}
  >
    <BulkActionsToolbar
      selectAllButton={
        <SelectAllButton limit={MEMBER_SELECT_ALL_LIMIT} data-testid="members-select-all" />
      }
    >
      <MemberBulkButtons />
    </BulkActionsToolbar>
  </Box>
)
