import { useCallback, useEffect, useState } from 'react'
import { Button, Card, IconButton, InputAdornment, LinearProgress, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material'
import SearchIcon from '@mui/icons-material/Search'
import AddIcon from '@mui/icons-material/PersonAddAlt'
import KeyIcon from '@mui/icons-material/KeyOutlined'
import EditIcon from '@mui/icons-material/EditOutlined'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import { api } from '../../../common/api'
import { useToast } from '../../../common/toast'
import { formatDate } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import { PageHeader } from '../../components/PageHeader'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { useAdminErrorHandler } from '../../components/adminErrors'
import { AdminFormDialog, ChangePasswordDialog, type AdminAccount } from './AdminDialogs'

const PAGE_SIZE = 50

export default function AdminsPage() {
  const toast = useToast()
  const handleError = useAdminErrorHandler()
  const { dateFormat } = useFormatting()
  const [admins, setAdmins] = useState<AdminAccount[]>([])
  const [total, setTotal] = useState(0)
  const [page, setPage] = useState(1)
  const [searchText, setSearchText] = useState('')
  const [search, setSearch] = useState('')
  const [loading, setLoading] = useState(true)
  const [editing, setEditing] = useState<{ admin: AdminAccount | null } | null>(null)
  const [changing, setChanging] = useState<AdminAccount | null>(null)
  const [deleting, setDeleting] = useState<AdminAccount | null>(null)
  const [busy, setBusy] = useState(false)

  const load = useCallback(async () => {
    setLoading(true)
    try {
      const params = new URLSearchParams({ page: String(page), limit: String(PAGE_SIZE), search })
      const answer = await api.get<{ admins: AdminAccount[]; total: number }>(`/admin/admin-users?${params}`)
      setAdmins(answer.admins)
      setTotal(answer.total)
    } catch (error) {
      handleError(error)
    } finally {
      setLoading(false)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, search])

  useEffect(() => {
    load()
  }, [load])

  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE))

  const save = async (body: Record<string, string>) => {
    const admin = editing?.admin
    if (admin) await api.put(`/admin/admin-users/${admin.id}`, body)
    else await api.post('/admin/admin-users', body)
    toast.success(admin ? 'Admin updated successfully' : 'Admin created successfully')
    setEditing(null)
    await load()
  }

  const remove = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await api.delete(`/admin/admin-users/${deleting.id}`)
      toast.success('Admin deleted successfully')
      setDeleting(null)
      await load()
    } catch (error) {
      handleError(error)
    } finally {
      setBusy(false)
    }
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
      <Card>
        <Stack
          component="form"
          direction="row"
          spacing={1}
          sx={{ p: 2 }}
          onSubmit={(event) => {
            event.preventDefault()
            setPage(1)
            setSearch(searchText.trim())
          }}
        >
          <TextField
            size="small"
            placeholder="Search by username or email..."
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            sx={{ flex: 1 }}
            slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
          />
          <Button type="submit" variant="outlined">
            Search
          </Button>
        </Stack>
        {loading ? <LinearProgress /> : null}
        <TableContainer>
          <Table size="small" data-testid="admins-table">
            <TableHead>
              <TableRow>
                {['Username', 'Email', 'Created At', 'Actions'].map((label) => (
                  <TableCell key={label} sx={{ fontWeight: 600 }} align={label === 'Actions' ? 'right' : 'left'}>
                    {label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {admins.length === 0 && !loading ? (
                <TableRow>
                  <TableCell colSpan={4} align="center" sx={{ py: 6 }}>
                    <Typography color="text.secondary">No admins found</Typography>
                  </TableCell>
                </TableRow>
              ) : null}
              {admins.map((admin) => (
                <TableRow key={admin.id} hover>
                  <TableCell sx={{ fontWeight: 500 }}>{admin.username}</TableCell>
                  <TableCell>{admin.email}</TableCell>
                  <TableCell>{formatDate(admin.created_at, dateFormat)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title="Change password">
                      <IconButton size="small" onClick={() => setChanging(admin)} aria-label="Change password">
                        <KeyIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Edit">
                      <IconButton size="small" onClick={() => setEditing({ admin })} aria-label="Edit admin">
                        <EditIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                    <Tooltip title="Delete">
                      <IconButton size="small" color="error" onClick={() => setDeleting(admin)} aria-label="Delete admin">
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <Stack direction="row" spacing={1} sx={{ p: 2, alignItems: 'center', justifyContent: 'flex-end', borderTop: 1, borderColor: 'divider' }}>
          <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
            Page {page} of {pages}
          </Typography>
          <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </Stack>
      </Card>
      <AdminFormDialog open={editing !== null} admin={editing?.admin ?? null} onClose={() => setEditing(null)} onSave={save} />
      <ChangePasswordDialog
        admin={changing}
        onClose={() => setChanging(null)}
        onSave={async (newPassword) => {
          await api.post(`/admin/admin-users/${changing!.id}/change-password`, { newPassword })
          toast.success('Password changed successfully')
          setChanging(null)
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Admin"
        message={deleting ? `Delete the admin account ${deleting.username} (${deleting.email})? This action is permanent and cannot be undone.` : ''}
        confirmLabel="Delete"
        busy={busy}
        onConfirm={remove}
        onClose={() => setDeleting(null)}
      />
    </>
  )
}
