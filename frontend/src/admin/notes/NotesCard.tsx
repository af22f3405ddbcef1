import { useState, type FormEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button, LinearProgress, Stack, TextField, Typography } from '@mui/material'
import { LoadError } from '../components/list/ListStates'
import { SectionCard } from '../components/SectionCard'
import { auditTime } from '../audit/auditText'
import { useAdminTools } from '../components/useAdminTools'
import { useAdminMutation } from '../components/useAdminMutation'

type NoteEntity = 'member' | 'migration'

/** One note: its text, author and time; its author or an Owner edits or deletes it in place. */
function NoteItem({
  note,
  dateFormat,
}: {
  note: { id: number; body: string; author: string; createdAt: string; editable: boolean }
  dateFormat: string
}) {
  const { dataProvider } = useAdminTools()
  const [draft, setDraft] = useState<string | null>(null)
  const save = useAdminMutation(
    (body: string) => dataProvider.editNote(note.id, body),
    'Note saved'
  )
  const remove = useAdminMutation(() => dataProvider.deleteNote(note.id), 'Note deleted')
  return (
    <Stack spacing={0.5} data-testid="note">
      <Typography variant="body2" color="text.secondary">
        {`${note.author} · ${auditTime(note.createdAt, dateFormat)}`}
      </Typography>
      {draft === null ? (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {note.body}
        </Typography>
      ) : (
        <TextField
          label="Edit note"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          multiline
          minRows={2}
          fullWidth
        />
      )}
      {note.editable ? (
        <Stack direction="row" spacing={1}>
          {draft === null ? (
            <>
              <Button size="small" onClick={() => setDraft(note.body)}>
                Edit
              </Button>
              <Button
                size="small"
                color="error"
                disabled={remove.isPending}
                onClick={() => remove.mutate()}
              >
                Delete
              </Button>
            </>
          ) : (
            <>
              <Button
                size="small"
                variant="contained"
                disabled={save.isPending || !draft.trim()}
                onClick={() => save.mutate(draft, { onSuccess: () => setDraft(null) })}
              >
                Save
              </Button>
              <Button size="small" onClick={() => setDraft(null)}>
                Cancel
              </Button>
            </>
          )}
        </Stack>
      ) : null}
    </Stack>
  )
}

/** Administrators' notes on a member or a migration, newest first, and a form to add one. */
export function NotesCard({ entityType, entityId }: { entityType: NoteEntity; entityId: number }) {
  const { dataProvider, dateFormat } = useAdminTools()
  const [body, setBody] = useState('')
  const { data, error, isPending, refetch } = useQuery({
    queryKey: ['notes', entityType, entityId],
    queryFn: async () => (await dataProvider.notes(entityType, entityId)).notes,
  })
  const add = useAdminMutation(
    (text: string) => dataProvider.addNote(entityType, entityId, text),
    'Note added'
  )
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (body.trim()) add.mutate(body, { onSuccess: () => setBody('') })
  }
  return (
    <SectionCard title="Notes" data-testid={`${entityType}-notes`}>
      <Stack component="form" onSubmit={submit} spacing={1} sx={{ mb: 2 }}>
        <TextField
          label="New note"
          value={body}
          onChange={(event) => setBody(event.target.value)}
          multiline
          minRows={2}
          fullWidth
          slotProps={{ htmlInput: { 'maxLength': 5000, 'data-testid': 'note-input' } }}
        />
        <Button
          type="submit"
          variant="outlined"
          disabled={add.isPending || !body.trim()}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="note-add"
        >
          Add note
        </Button>
      </Stack>
      {error ? (
        <LoadError what="the notes" error={error} onRetry={refetch} testId="notes-error" />
      ) : isPending || !data ? (
        <LinearProgress aria-label="Loading the notes" />
      ) : data.length === 0 ? (
        <Typography color="text.secondary">No notes yet.</Typography>
      ) : (
        <Stack spacing={2}>
          {data.map((note) => (
            <NoteItem key={note.id} note={note} dateFormat={dateFormat} />
          ))}
        </Stack>
      )}
    </SectionCard>
  )
}
