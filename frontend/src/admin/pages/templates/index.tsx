import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import { api } from '../../../common/api'
import { useToast } from '../../../common/toast'
import { PageHeader } from '../../components/PageHeader'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { useAdminErrorHandler } from '../../components/adminErrors'

interface DocTemplate {
  id: number
  product_name: string
  plan_name: string | null
  template_file_path: string
  file_exists: boolean
}

/** /admin/templates: which document layout is used for a product (and plan). */
export default function DocTemplatesPage() {
  const toast = useToast()
  const handleError = useAdminErrorHandler()
  const [templates, setTemplates] = useState<DocTemplate[] | null>(null)
  const [form, setForm] = useState({ productName: '', planName: '', templateFilePath: '' })
  const [formError, setFormError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const [deleting, setDeleting] = useState<DocTemplate | null>(null)

  const load = useCallback(async () => {
    try {
      setTemplates(await api.get<DocTemplate[]>('/admin/templates'))
    } catch (error) {
      handleError(error)
      setTemplates([])
    }
  }, [handleError])

  useEffect(() => {
    void load()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!form.productName.trim()) return setFormError('Product name is required')
    if (!form.templateFilePath.trim()) return setFormError('Template file path is required')
    setFormError(null)
    setSaving(true)
    try {
      await api.post('/admin/templates', { productName: form.productName.trim(), planName: form.planName.trim() || null, templateFilePath: form.templateFilePath.trim() })
      toast.success('Template created successfully')
      setForm({ productName: '', planName: '', templateFilePath: '' })
      await load()
    } catch (error) {
      handleError(error)
    } finally {
      setSaving(false)
    }
  }

  const remove = async () => {
    if (!deleting) return
    try {
      await api.delete(`/admin/templates/${deleting.id}`)
      toast.success('Template deleted successfully')
      await load()
    } catch (error) {
      handleError(error)
    } finally {
      setDeleting(null)
    }
  }

  return (
    <>
      <PageHeader title="Doc Templates" subtitle="The PDF layout issued to migrated members, per product and plan." />
      <Card sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            Add Template
          </Typography>
          <Box component="form" noValidate onSubmit={submit}>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
              <TextField label="Product name" required value={form.productName} onChange={(e) => setForm({ ...form, productName: e.target.value })} fullWidth slotProps={{ htmlInput: { 'data-testid': 'doc-product' } }} />
              <TextField label="Plan name" value={form.planName} onChange={(e) => setForm({ ...form, planName: e.target.value })} helperText="Optional: empty means all plans" fullWidth />
              <TextField label="Template file path" required value={form.templateFilePath} onChange={(e) => setForm({ ...form, templateFilePath: e.target.value })} helperText="Relative to backend/templates/documents, e.g. policy_confirmation.json" fullWidth slotProps={{ htmlInput: { 'data-testid': 'doc-path', style: { fontFamily: 'monospace' } } }} />
              <Button type="submit" variant="contained" startIcon={<AddIcon />} disabled={saving} sx={{ whiteSpace: 'nowrap', minWidth: 150, height: 56 }} data-testid="doc-add">
                {saving ? 'Saving...' : 'Add Template'}
              </Button>
            </Stack>
            {formError ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                {formError}
              </Alert>
            ) : null}
          </Box>
        </CardContent>
      </Card>
      <Card>
        {templates === null ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress />
          </Box>
        ) : templates.length === 0 ? (
          <CardContent sx={{ textAlign: 'center', py: 6 }}>
            <Typography color="text.secondary">No templates configured. Add one to get started.</Typography>
          </CardContent>
        ) : (
          <Table data-testid="doc-templates-table">
            <TableHead>
              <TableRow>
                <TableCell>Product</TableCell>
                <TableCell>Plan</TableCell>
                <TableCell>Template file</TableCell>
                <TableCell align="right" />
              </TableRow>
            </TableHead>
            <TableBody>
              {templates.map((template) => (
                <TableRow key={template.id} hover>
                  <TableCell sx={{ fontWeight: 600 }}>{template.product_name}</TableCell>
                  <TableCell>{template.plan_name ?? <Chip size="small" variant="outlined" label="All plans" />}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <Typography sx={{ fontFamily: 'monospace', fontSize: 14 }}>{template.template_file_path}</Typography>
                      {!template.file_exists ? <Chip size="small" color="warning" label="File missing" /> : null}
                    </Stack>
                  </TableCell>
                  <TableCell align="right">
                    <Tooltip title="Delete">
                      <IconButton color="error" aria-label={`Delete template for ${template.product_name}`} onClick={() => setDeleting(template)}>
                        <DeleteIcon />
                      </IconButton>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
      <ConfirmDialog open={deleting !== null} title="Delete template" message="Are you sure you want to delete this template?" confirmLabel="Delete" onConfirm={remove} onClose={() => setDeleting(null)} />
    </>
  )
}
