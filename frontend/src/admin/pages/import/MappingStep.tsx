import { Form, required, SelectInput } from 'react-admin'
import { Alert, Box, Button, Stack, Typography } from '@mui/material'
import type { ColumnsQuestion } from './types'

/** The form's field for a census column (react-hook-form reads dots in names as paths). */
const fieldOf = (index: number) => `column${index}`

/**
 * The mapping step: the file lacks required census columns (after the
 * synonyms), so the admin picks which of the file's columns feeds each;
 * the preview then runs again with that mapping.
 */
export function MappingStep(props: {
  question: ColumnsQuestion
  mapping: Record<string, string>
  busy: boolean
  onSubmit: (chosen: Record<string, string>) => void
  onCancel: () => void
}) {
  const { missingColumns, fileColumns } = props.question
  const choices = [...new Set(fileColumns)].map((column) => ({ id: column, name: column }))
  const defaults = Object.fromEntries(
    missingColumns.map((census, index) => [fieldOf(index), props.mapping[census] ?? ''])
  )
  const submit = (values: Record<string, string>) =>
    props.onSubmit(
      Object.fromEntries(missingColumns.map((census, index) => [census, values[fieldOf(index)]]))
    )
  return (
    <Box sx={{ mb: 2 }} data-testid="import-mapping">
      <Alert severity="warning" sx={{ mb: 2 }}>
        <Typography variant="subtitle2" component="h3">
          Missing required column(s): {missingColumns.join(', ')}
        </Typography>
        Choose which column of the file holds each of them, then preview again.
      </Alert>
      <Form defaultValues={defaults} onSubmit={submit}>
        <Stack spacing={0} sx={{ maxWidth: 480 }}>
          {missingColumns.map((census, index) => (
            <SelectInput
              key={census}
              source={fieldOf(index)}
              label={census}
              choices={choices}
              validate={required()}
              fullWidth
              data-testid={`mapping-${census}`}
            />
          ))}
        </Stack>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end', maxWidth: 480 }}>
          <Button onClick={props.onCancel} disabled={props.busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={props.busy}
            data-testid="preview-mapped"
          >
            Preview with these columns
          </Button>
        </Stack>
      </Form>
    </Box>
  )
}
