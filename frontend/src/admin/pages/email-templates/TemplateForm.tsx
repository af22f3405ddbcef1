import { useEffect, useRef, useState } from 'react'
import { Box, Button, Card, CardContent, Chip, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material'
import { api } from '../../../common/api'
import { RichTextEditor } from './RichTextEditor'
import { TEMPLATE_TYPES, type TemplateDraft, type TemplateVariable } from './types'

type VariableGroups = Record<'member' | 'migration' | 'system', TemplateVariable[]>

/** Create or edit form: type, name, subject, rich-text body and the clickable variables list. */
export function TemplateForm(props: { mode: 'create' | 'edit'; initial: TemplateDraft; typeLocked?: boolean; saving: boolean; onSave: (draft: TemplateDraft) => void; onPreview: (draft: TemplateDraft) => void; onCancel: () => void }) {
  const [draft, setDraft] = useState<TemplateDraft>(props.initial)
  const [variables, setVariables] = useState<VariableGroups | null>(null)
  const insert = useRef<(text: string) => void>(() => undefined)
  const set = (changes: Partial<TemplateDraft>) => setDraft((current) => ({ ...current, ...changes }))

  useEffect(() => {
    api.get<VariableGroups>('/admin/email-templates/variables').then(setVariables).catch(() => undefined)
  }, [])

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {props.mode === 'create' ? 'New email template' : `Edit: ${props.initial.name}`}
        </Typography>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <TextField
              select
              label="Template type"
              value={draft.template_type}
              onChange={(e) => set({ template_type: e.target.value })}
              sx={{ minWidth: 240 }}
              required
              disabled={props.typeLocked}
              helperText={props.typeLocked ? 'The active template keeps its type: activate another template of this type first.' : undefined}
            >
              {TEMPLATE_TYPES.map((type) => (
                <MenuItem key={type.value} value={type.value}>
                  {type.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField label="Name" value={draft.name} onChange={(e) => set({ name: e.target.value })} fullWidth required slotProps={{ htmlInput: { 'data-testid': 'template-name' } }} />
          </Stack>
          <TextField label="Subject" value={draft.subject} onChange={(e) => set({ subject: e.target.value })} fullWidth required helperText="Variables like {{member_name}} work in the subject too." slotProps={{ htmlInput: { 'data-testid': 'template-subject' } }} />
          <RichTextEditor value={draft.html_content} onChange={(html) => set({ html_content: html })} insertRef={(fn) => (insert.current = fn)} />
          {variables ? (
            <Box>
              <Typography variant="subtitle2">Variables (click to insert at the cursor)</Typography>
              {(['member', 'migration', 'system'] as const).map((group) => (
                <Stack key={group} direction="row" sx={{ flexWrap: 'wrap', gap: 0.75, mt: 1, alignItems: 'center' }}>
                  <Typography variant="caption" color="text.secondary" sx={{ width: 72, textTransform: 'capitalize' }}>
                    {group}
                  </Typography>
                  {variables[group].map((variable) => (
                    <Tooltip key={variable.name} title={variable.description}>
                      <Chip size="small" variant="outlined" label={`{{${variable.name}}}`} onMouseDown={(e) => e.preventDefault()} onClick={() => insert.current(`{{${variable.name}}}`)} sx={{ fontFamily: 'monospace' }} />
                    </Tooltip>
                  ))}
                </Stack>
              ))}
            </Box>
          ) : null}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={props.onCancel}>Cancel</Button>
            <Button variant="outlined" onClick={() => props.onPreview(draft)} data-testid="template-preview">
              Preview
            </Button>
            <Button variant="contained" onClick={() => props.onSave(draft)} disabled={props.saving} data-testid="template-save">
              {props.saving ? 'Saving...' : props.mode === 'create' ? 'Create Template' : 'Save Changes'}
            </Button>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  )
}
