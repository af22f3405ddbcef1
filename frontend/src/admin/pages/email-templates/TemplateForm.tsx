import { useId, useRef } from 'react'
import { Form, SaveButton, SelectInput, TextInput } from 'react-admin'
import { useFormContext, useFormState } from 'react-hook-form'
import { useQuery } from '@tanstack/react-query'
import { Box, Button, Chip, Stack, Tooltip, Typography } from '@mui/material'
import { SectionCard } from '../../components/SectionCard'
import { useAdminData } from '../../dataProvider'
import { RichTextEditor } from './RichTextEditor'
import {
  LANGUAGE_FALLBACK_HINT,
  TEMPLATE_LANGUAGES,
  TEMPLATE_TYPES,
  type TemplateDraft,
} from './types'

/** The clickable variables list (GET /admin/email-templates/variables); nothing is shown if it cannot be loaded. */
function Variables({ onInsert }: { onInsert: (text: string) => void }) {
  const dataProvider = useAdminData()
  const labelId = useId()
  const { data: variables } = useQuery({
    queryKey: ['email-templates', 'variables'],
    queryFn: async () => await await dataProvider.emailTemplateVariables(),
    staleTime: Infinity,
  })
  if (!variables) return null
  // A labelled group, not a heading: it follows the editor, whose user-authored content has headings of its
  // own (an <h1> in a template made this <h3> skip a level, heading-order).
  return (
    <Box role="group" aria-labelledby={labelId}>
      <Typography variant="subtitle2" component="p" id={labelId}>
        Variables (click to insert at the cursor)
      </Typography>
      {(['member', 'migration', 'system'] as const).map((group) => (
        <Stack
          key={group}
          direction="row"
          sx={{ flexWrap: 'wrap', gap: 0.75, mt: 1, alignItems: 'center' }}
        >
          <Typography
            variant="caption"
            color="text.secondary"
            sx={{ width: 72, textTransform: 'capitalize' }}
          >
            {group}
          </Typography>
          {variables[group].map((variable) => (
            // describeChild: the description describes the chip; its name stays its visible text (WCAG 2.5.3).
            <Tooltip key={variable.name} title={variable.description} describeChild>
              <Chip
                size="small"
                variant="outlined"
                label={`{{${variable.name}}}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => onInsert(`{{${variable.name}}}`)}
                sx={{ fontFamily: 'monospace' }}
              />
            </Tooltip>
          ))}
        </Stack>
      ))}
    </Box>
  )
}

function Actions({
  mode,
  onPreview,
  onCancel,
}: {
  mode: 'create' | 'edit'
  onPreview: (draft: TemplateDraft) => void
  onCancel: () => void
}) {
  const { getValues } = useFormContext()
  const { isSubmitting } = useFormState()
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
      <Button onClick={onCancel} data-testid="template-cancel">
        Cancel
      </Button>
      <Button
        variant="outlined"
        onClick={() => onPreview(getValues() as TemplateDraft)}
        data-testid="template-preview"
      >
        Preview
      </Button>
      <SaveButton
        icon={<></>}
        alwaysEnable
        label={isSubmitting ? 'Saving...' : mode === 'create' ? 'Create Template' : 'Save Changes'}
        data-testid="template-save"
      />
    </Stack>
  )
}

/** Create or edit form: type, name, subject, rich-text body and the clickable variables list. */
export function TemplateForm(props: {
  mode: 'create' | 'edit'
  initial: TemplateDraft
  typeLocked?: boolean
  onSave: (draft: TemplateDraft) => Promise<Record<string, string> | undefined>
  onPreview: (draft: TemplateDraft) => void
  onCancel: () => void
}) {
  const insert = useRef<(text: string) => void>(null)
  const title = props.mode === 'create' ? 'New email template' : `Edit: ${props.initial.name}`
  return (
    <SectionCard title={title}>
      <Form
        record={props.initial as TemplateDraft & { id?: number }}
        onSubmit={(values: Record<string, any>) => props.onSave(values as TemplateDraft)}
        noValidate
      >
        <Stack spacing={1}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ md: 2 }}>
            <SelectInput
              source="template_type"
              label="Template type"
              choices={TEMPLATE_TYPES}
              isRequired
              emptyText=""
              disabled={props.typeLocked}
              helperText={
                props.typeLocked
                  ? 'The active template keeps its type: activate another template of this type first.'
                  : false
              }
              sx={{ minWidth: 240 }}
            />
            <SelectInput
              source="language"
              label="Language"
              choices={TEMPLATE_LANGUAGES}
              isRequired
              emptyText=""
              disabled={props.typeLocked}
              helperText={
                props.typeLocked
                  ? 'The active template keeps its language: activate another version first.'
                  : LANGUAGE_FALLBACK_HINT
              }
              sx={{ minWidth: 200 }}
              slotProps={{ htmlInput: { 'data-testid': 'template-language' } }}
            />
            <TextInput
              source="name"
              label="Name"
              isRequired
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'template-name' } }}
            />
          </Stack>
          <TextInput
            source="subject"
            label="Subject"
            isRequired
            fullWidth
            helperText="Variables like {{member_name}} work in the subject too."
            slotProps={{ htmlInput: { 'data-testid': 'template-subject' } }}
          />
          <RichTextEditor ref={insert} />
          <Variables onInsert={(text) => insert.current?.(text)} />
          <Actions mode={props.mode} onPreview={props.onPreview} onCancel={props.onCancel} />
        </Stack>
      </Form>
    </SectionCard>
  )
}
