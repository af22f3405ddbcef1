import { useState } from 'react'
import {
  CreateBase,
  DataTable,
  Form,
  required,
  SaveButton,
  SelectInput,
  TextInput,
} from 'react-admin'
import { Box, Chip, Stack, Typography } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import type { ApiAnswer } from '../../../common/api_contract'
import { PageHeader } from '../../components/PageHeader'
import { SectionCard } from '../../components/SectionCard'
import { DeleteConfirm } from '../../components/DeleteConfirm'
import { IconAction } from '../../components/IconAction'
import { ListEmpty } from '../../components/list/ListStates'
import { CardList } from '../../components/list/CardList'
import { useAdminTools } from '../../components/useAdminTools'
import { ProductDocumentsCard } from './ProductDocumentsCard'

type DocTemplate = ApiAnswer<'/api/admin/templates', 'get'>[number]
const Col = DataTable.Col<DocTemplate>

/** The template types: what documents a layout makes (docs/payments.md, cancellation confirmation PDF). */
const DOCUMENT_TYPES = [
  { id: 'policy', name: 'Policy confirmation' },
  { id: 'cancellation_confirmation', name: 'Cancellation confirmation' },
]

/** The spec's payload: plan name sent as null when empty (admin-backoffice.md §5); the document type, policy unless chosen. */
const toPayload = (data: Record<string, string | null | undefined>) => ({
  productName: data.productName?.trim() ?? '',
  planName: data.planName?.trim() || null,
  templateFilePath: data.templateFilePath?.trim() ?? '',
  documentType:
    data.documentType === 'cancellation_confirmation'
      ? ('cancellation_confirmation' as const)
      : ('policy' as const),
})

/** /admin/templates: which document layout is used for a product (and plan), with the Add Template form. */
function TemplateList() {
  const { toast, refresh } = useAdminTools()
  const [round, setRound] = useState(0)
  const [deleting, setDeleting] = useState<DocTemplate | null>(null)
  const created = () => {
    toast.success('Template created successfully')
    setRound((value) => value + 1) // a fresh, empty form
    refresh()
  }

  return (
    <>
      <PageHeader
        title="Doc Templates"
        subtitle="The PDF layout issued to migrated members, per product and plan."
      />
      <ProductDocumentsCard />
      <SectionCard title="Add Template" sx={{ mb: 3 }}>
        {/* react-admin inputs and validators; a refused file (422) is shown on its field. */}
        <CreateBase redirect={false} transform={toPayload} mutationOptions={{ onSuccess: created }}>
          <Form key={round} noValidate>
            <Stack
              direction={{ xs: 'column', md: 'row' }}
              spacing={2}
              sx={{ alignItems: { md: 'flex-start' } }}
            >
              <TextInput
                source="productName"
                label="Product name"
                validate={required('Product name is required')}
                fullWidth
                slotProps={{ htmlInput: { 'data-testid': 'doc-product' } }}
              />
              <TextInput
                source="planName"
                label="Plan name"
                helperText="Optional: empty means all plans"
                fullWidth
              />
              <SelectInput
                source="documentType"
                label="Document type"
                choices={DOCUMENT_TYPES}
                defaultValue="policy"
                fullWidth
              />
              <TextInput
                source="templateFilePath"
                label="Template file path"
                validate={required('Template file path is required')}
                helperText="Relative to backend/templates/documents, e.g. policy_confirmation.json"
                fullWidth
                slotProps={{
                  htmlInput: { 'data-testid': 'doc-path', 'style': { fontFamily: 'monospace' } },
                }}
              />
              <SaveButton
                label="Add Template"
                icon={<AddIcon />}
                alwaysEnable
                sx={{ whiteSpace: 'nowrap', minWidth: 150, height: 48, mt: 1 }}
                data-testid="doc-add"
              />
            </Stack>
          </Form>
        </CreateBase>
      </SectionCard>
      <CardList
        what="templates"
        perPage={100}
        pagination={false}
        sort={{ field: 'product_name', order: 'ASC' }}
      >
        <Box data-testid="doc-templates-table">
          <DataTable
            bulkActionButtons={false}
            rowClick={false}
            empty={
              <ListEmpty
                text="No templates configured. Add one to get started."
                testId="doc-templates-empty"
              />
            }
          >
            <Col source="product_name" label="Product" sx={{ fontWeight: 600 }} />
            <Col
              source="plan_name"
              label="Plan"
              render={(template) =>
                (template.plan_name as string | null) ?? (
                  <Chip size="small" variant="outlined" label="All plans" />
                )
              }
            />
            <Col
              source="document_type"
              label="Document"
              render={(template) =>
                DOCUMENT_TYPES.find((type) => type.id === template.document_type)?.name ??
                template.document_type
              }
            />
            <Col
              source="template_file_path"
              label="Template file"
              render={(template) => (
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography sx={{ fontFamily: 'monospace', fontSize: 14 }}>
                    {template.template_file_path}
                  </Typography>
                  {!template.file_exists ? (
                    <Chip size="small" color="warning" label="File missing" />
                  ) : null}
                </Stack>
              )}
            />
            <Col
              label="Actions"
              align="right"
              render={(template) => (
                <IconAction
                  title="Delete"
                  aria-label={`Delete template for ${template.product_name}`}
                  color="error"
                  icon={DeleteIcon}
                  onClick={() => setDeleting(template)}
                />
              )}
            />
          </DataTable>
        </Box>
      </CardList>
      <DeleteConfirm
        record={deleting}
        title="Delete template"
        content="Are you sure you want to delete this template?"
        success="Template deleted successfully"
        onClose={() => setDeleting(null)}
      />
    </>
  )
}

/** The doc templates resource (/admin/templates). */
export default { list: TemplateList }
