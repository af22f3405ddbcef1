import { useState } from 'react'
import { DataTable, useGetIdentity } from 'react-admin'
import { Box, Button } from '@mui/material'
import AddIcon from '@mui/icons-material/PersonAddAlt'
import KeyIcon from '@mui/icons-material/KeyOutlined'
import EditIcon from '@mui/icons-material/EditOutlined'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
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
  const { dateFormat } = useAdminTools()
  const { identity } = useGetIdentity()
  const [editing, setEditing] = useState<{ admin: AdminAccount | null } | null>(null)
  const [changing, setChanging] = useState<AdminAccount | null>(null)
  const [deleting, setDeleting] = useState<AdminAccount | null>(null)

  const actions = (admin: AdminAccount) => {
    const own = identity?.id === admin.id
    return (
      <>
        <IconAction title="Change password" icon={KeyIcon} onClick={() => setChanging(admin)} aria-label="Change password" />
        <IconAction title="Edit" icon={EditIcon} onClick={() => setEditing({ admin })} aria-label="Edit admin" />
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
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ admin: null })} data-testid="add-admin">
            Add Admin
          </Button>
        }
      />
      <CardList resource="admins" what="admins" perPage={50} sort={{ field: 'username', order: 'ASC' }} pagination={false}>
        <SearchBox placeholder="Search by username or email..." label="Search admins" />
        <Box data-testid="admins-table">
          <DataTable bulkActionButtons={false} rowClick={false} empty={<ListEmpty text="No admins found" testId="admins-empty" />}>
            <Col source="username" label="Username" sx={{ fontWeight: 500 }} />
            <Col source="email" label="Email" />
            <Col source="created_at" label="Created At" render={(admin) => formatDate(admin.created_at, dateFormat)} />
            <Col label="Actions" align="right" render={actions} />
          </DataTable>
        </Box>
        <PagePager />
      </CardList>
      <AdminFormDialog open={editing !== null} admin={editing?.admin ?? null} onClose={() => setEditing(null)} />
      <ChangePasswordDialog admin={changing} onClose={() => setChanging(null)} />
      <DeleteConfirm
        resource="admins"
        record={deleting}
        title="Delete Admin"
        content={deleting ? `Delete the admin account ${deleting.username} (${deleting.email})? This action is permanent and cannot be undone.` : ''}
        success="Admin deleted successfully"
        onClose={() => setDeleting(null)}
      />
    </>
  )
}
