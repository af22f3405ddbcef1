import { useState } from 'react'
import { CreateBase, Form, required, SaveButton, TextInput, useRefresh } from 'react-admin'
import { Card, CardContent, Stack, Typography } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import { useToast } from '../../../common/toast'

/** The spec's payload: plan name sent as null when empty (admin-backoffice.md §5). */
const toPayload = (data: Record<string, string | null | undefined>) => ({ productName: data.productName?.trim() ?? '', planName: data.planName?.trim() || null, templateFilePath: data.templateFilePath?.trim() ?? '' })

/** The Add Template form: react-admin inputs and validators; a refused file (422) is shown on its field. */
export function TemplateCreate() {
  const toast = useToast()
  const refresh = useRefresh()
  const [round, setRound] = useState(0)
  return (
    <Card sx={{ mb: 3 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Add Template
        </Typography>
        <CreateBase
          resource="templates"
          redirect={false}
          transform={toPayload}
          mutationOptions={{
            onSuccess: () => {
              toast.success('Template created successfully')
              setRound((value) => value + 1) // a fresh, empty form
              refresh()
            },
          }}
        >
          <Form key={round} noValidate>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
              <TextInput source="productName" label="Product name" validate={required('Product name is required')} fullWidth slotProps={{ htmlInput: { 'data-testid': 'doc-product' } }} />
              <TextInput source="planName" label="Plan name" helperText="Optional: empty means all plans" fullWidth />
              <TextInput source="templateFilePath" label="Template file path" validate={required('Template file path is required')} helperText="Relative to backend/templates/documents, e.g. policy_confirmation.json" fullWidth slotProps={{ htmlInput: { 'data-testid': 'doc-path', style: { fontFamily: 'monospace' } } }} />
              <SaveButton label="Add Template" icon={<AddIcon />} alwaysEnable sx={{ whiteSpace: 'nowrap', minWidth: 150, height: 48, mt: 1 }} data-testid="doc-add" />
            </Stack>
          </Form>
        </CreateBase>
      </CardContent>
    </Card>
  )
}
