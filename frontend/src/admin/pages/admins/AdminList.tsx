import { useState } from 'react'
import { Confirm, DataTable, useCanAccess, useGetIdentity } from 'react-admin'
import { Box, Button } from '@mui/material'
import AddIcon from '@mui/icons-material/PersonAddAlt'
import KeyIcon from '@mui/icons-material/KeyOutlined'
import EditIcon from '@mui/icons-material/EditOutlined'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import LockResetIcon from '@mui/icons-material/LockReset'
import { formatDate } from '../../../common/format'
import { PageHeader } from '../../components/PageHeader'
import { DeleteConfirm } from '../../components/DeleteConfirm'
import { IconAction } from '../../components/IconAction'
import { ListEmpty } from '../../components/list/ListStates'
import { CardList } from '../../components/list/CardList'
import { PagePager } from '../../components/list/PagePager'
import { SearchBox } from '../../components/list/SearchBox'
import { AdminFormDialog, ChangePasswordDialog, type AdminAccount } from './AdminDialogs'
import { useAdminTools } from '../../components/useAdminTools'

const Col = DataTable.Col<AdminAccount>

/** /admin/admins: administrator accounts (admin-backoffice.md, Admins). 50 a page. */
export function AdminList() {
  const { dateFormat, dataProvider, toast, handleError, refresh } = useAdminTools()
  const { identity } = useGetIdentity()
  // Resetting another administrator's second factor is an Owner's (docs/security.md "Roles").
  const { canAccess: mayReset } = useCanAccess({ resource: 'admins.manage', action: 'ability' })
  const [resetting, setResetting] = useState<AdminAccount | null>(null)
  const [resetPending, setResetPending] = useState(false)
  const resetSecondFactor = async () => {
    if (!resetting) return
    setResetPending(true)
    try {
      const answer = await await dataProvider.resetSecondFactor(resetting.id)
      toast.success(answer.message)
      refresh()
    } catch (error) {
      handleError(error)
    } finally {
      setResetPending(false)
      setResetting(null)
    }
  }
  const [editing, setEditing] = useState<{ admin: AdminAccount | null } | null>(null)
  const [changing, setChanging] = useState<AdminAccount | null>(null)
  const [deleting, setDeleting] = useState<AdminAccount | null>(null)

  const actions = (admin: AdminAccount) => {
    const own = identity?.id === admin.id
    return (
      <>
        <IconAction
          title="Change password"
          icon={KeyIcon}
          onClick={() => setChanging(admin)}
          aria-label="Change password"
        />
        <IconAction
          title="Edit"
          icon={EditIcon}
          onClick={() => setEditing({ admin })}
          aria-label="Edit admin"
        />
        {mayReset && !own ? (
          <IconAction
            title="Reset two-factor"
            icon={LockResetIcon}
            onClick={() => setResetting(admin)}
            aria-label="Reset two-factor"
            data-testid="reset-two-factor"
          />
        ) : null}
        {/* The server refuses deleting your own account: the button says so instead of failing. */}
        <IconAction
          title={own ? 'You cannot delete your own account' : 'Delete'}
          icon={DeleteIcon}
          color="error"
          disabled={own}
          onClick={() => setDeleting(admin)}
          aria-label={own ? 'Delete admin (not allowed for your own account)' : 'Delete admin'}
          data-testid="delete-admin"
        />
      </>
    )
  }

  return (
    <>
      <PageHeader
        title="Admins"
        subtitle="Administrator accounts of the back-office"
        actions={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing({ admin: null })}
            data-testid="add-admin"
          >
            Add Admin
          </Button>
        }
      />
      <CardList
        what="admins"
        perPage={50}
        sort={{ field: 'username', order: 'ASC' }}
        pagination={false}
      >
        <SearchBox placeholder="Search by username or email..." label="Search admins" />
        <Box data-testid="admins-table">
          <DataTable
            bulkActionButtons={false}
            rowClick={false}
            empty={<ListEmpty text="No admins found" testId="admins-empty" />}
          >
            <Col source="username" label="Username" sx={{ fontWeight: 500 }} />
            <Col source="email" label="Email" />
            <Col
              source="created_at"
              label="Created At"
              render={(admin) => formatDate(admin.created_at, dateFormat)}
            />
            <Col label="Actions" align="right" render={actions} />
          </DataTable>
        </Box>
        <PagePager />
      </CardList>
      <AdminFormDialog
        open={editing !== null}
        admin={editing?.admin ?? null}
        onClose={() => setEditing(null)}
      />
      <ChangePasswordDialog admin={changing} onClose={() => setChanging(null)} />
      <Confirm
        isOpen={resetting !== null}
        title="Reset Two-Factor Sign-In"
        content={
          resetting
            ? `Remove the authenticator app, passkeys and recovery codes of ${resetting.username}? Their sessions end; they sign in with their password and set up a new second factor.`
            : ''
        }
        confirm="Reset"
        loading={resetPending}
        onConfirm={resetSecondFactor}
        onClose={() => setResetting(null)}
      />
      <DeleteConfirm
        record={deleting}
        title="Delete Admin"
        content={
          deleting
            ? `Delete the admin account ${deleting.username} (${deleting.email})? This action is permanent and cannot be undone.`
            : ''
        }
        success="Admin deleted successfully"
        onClose={() => setDeleting(null)}
      />
    </>
  )
}
