import { useState } from 'react'
import { DataTable, List } from 'react-admin'
import { Box, Card, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import { PageHeader } from '../../components/PageHeader'
import { DeleteConfirm } from '../../components/DeleteConfirm'
import { ListEmpty, ListError, ListFetching } from '../../components/list/ListStates'
import { TemplateCreate } from './TemplateCreate'

export interface DocTemplate {
  id: number
  product_name: string
  plan_name: string | null
  template_file_path: string
  file_exists: boolean
}

const Col = DataTable.Col<DocTemplate>

/** /admin/templates: which document layout is used for a product (and plan). */
export function TemplateList() {
  const [deleting, setDeleting] = useState<DocTemplate | null>(null)

  return (
    <>
      <PageHeader title="Doc Templates" subtitle="The PDF layout issued to migrated members, per product and plan." />
      <TemplateCreate />
      <List resource="templates" title={false} actions={false} perPage={100} pagination={false} sort={{ field: 'product_name', order: 'ASC' }} empty={false} error={<ListError what="templates" />} component={Card}>
        <ListFetching />
        <Box data-testid="doc-templates-table">
          <DataTable bulkActionButtons={false} rowClick={false} empty={<ListEmpty text="No templates configured. Add one to get started." testId="doc-templates-empty" />}>
            <Col source="product_name" label="Product" sx={{ fontWeight: 600 }} />
            <Col source="plan_name" label="Plan" render={(template) => template.plan_name ?? <Chip size="small" variant="outlined" label="All plans" />} />
            <Col
              source="template_file_path"
              label="Template file"
              render={(template) => (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography sx={{ fontFamily: 'monospace', fontSize: 14 }}>{template.template_file_path}</Typography>
                  {!template.file_exists ? <Chip size="small" color="warning" label="File missing" /> : null}
                </Stack>
              )}
            />
            <Col
              label="Actions"
              align="right"
              render={(template) => (
                <Tooltip title="Delete">
                  <IconButton color="error" aria-label={`Delete template for ${template.product_name}`} onClick={() => setDeleting(template)}>
                    <DeleteIcon />
                  </IconButton>
                </Tooltip>
              )}
            />
          </DataTable>
        </Box>
      </List>
      <DeleteConfirm resource="templates" record={deleting} title="Delete template" content="Are you sure you want to delete this template?" success="Template deleted successfully" onClose={() => setDeleting(null)} />
    </>
  )
}
