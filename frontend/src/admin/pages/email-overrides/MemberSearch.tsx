import { useEffect, useState } from 'react'
import { required, useInput, ValidationError } from 'react-admin'
import { useQuery } from '@tanstack/react-query'
import {
  Box,
  CircularProgress,
  FormHelperText,
  IconButton,
  InputAdornment,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  TextField,
  Typography,
} from '@mui/material'
import SearchIcon from '@mui/icons-material/Search'
import CloseIcon from '@mui/icons-material/Close'
import type { ApiAnswer } from '../../../common/api_contract'
import { useAdminData } from '../../dataProvider'

type MemberMatch = ApiAnswer<'/api/admin/email-overrides-search-members', 'get'>['members'][number]

const MIN_CHARS = 2
const DELAY_MS = 300
const mustChoose = required('Please select a member')

/** The chosen member, as a card (with "choose another" in create mode). */
export function ChosenMember({
  name,
  id,
  email,
  onClear,
}: {
  name: string | null
  id: string | null
  email: string | null
  onClear?: () => void
}) {
  return (
    <Box
      sx={{
        p: 1.5,
        borderRadius: 2,
        bgcolor: 'action.hover',
        display: 'flex',
        alignItems: 'center',
      }}
      data-testid="override-member"
    >
      <Box sx={{ flexGrow: 1 }}>
        <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {id} · {email ?? 'No email on file'}
        </Typography>
      </Box>
      {onClear ? (
        <IconButton aria-label="Choose another member" onClick={onClear}>
          <CloseIcon />
        </IconButton>
      ) : null}
    </Box>
  )
}

/** The typed text once it has 2 characters and 300 ms passed without a keystroke. */
function useSettledQuery(text: string) {
  const [settled, setSettled] = useState('')
  useEffect(() => {
    const timer = setTimeout(
      () => setSettled(text.trim().length >= MIN_CHARS ? text.trim() : ''),
      DELAY_MS
    )
    return () => clearTimeout(timer)
  }, [text])
  return text.trim().length >= MIN_CHARS ? settled : ''
}

/** The override's member (form field `member_id`): searched through the dataProvider, then shown as chosen. */
export function MemberSearchInput() {
  const dataProvider = useAdminData()
  const { field, fieldState } = useInput({ source: 'member_id', validate: mustChoose })
  const [chosen, setChosen] = useState<MemberMatch | null>(null)
  const [text, setText] = useState('')
  const settled = useSettledQuery(text)
  const { data: results, isFetching } = useQuery({
    queryKey: ['email-overrides', 'member-search', settled],
    queryFn: async () => (await dataProvider.searchOverrideMembers(settled)).members,
    enabled: settled !== '',
  })
  const choose = (member: MemberMatch | null) => {
    setChosen(member)
    field.onChange(member?.member_id ?? null)
  }

  if (chosen)
    return (
      <ChosenMember
        name={chosen.insured_full_name}
        id={chosen.member_id}
        email={chosen.email}
        onClear={() => choose(null)}
      />
    )
  const shown = settled !== '' && settled === text.trim() ? results : undefined
  return (
    <Box>
      <TextField
        label="Member"
        placeholder="search by name, member ID, or email"
        value={text}
        onChange={(e) => setText(e.target.value)}
        fullWidth
        autoFocus
        error={fieldState.invalid}
        slotProps={{
          htmlInput: {
            'data-testid': 'member-search',
            'aria-describedby': fieldState.error ? 'override-member-error' : undefined,
          },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                {isFetching ? (
                  <CircularProgress size={18} aria-label="Searching" />
                ) : (
                  <SearchIcon />
                )}
              </InputAdornment>
            ),
          },
        }}
      />
      {fieldState.error ? (
        <FormHelperText error id="override-member-error" data-testid="override-error">
          <ValidationError error={fieldState.error.message!} />
        </FormHelperText>
      ) : null}
      {shown && shown.length === 0 && !isFetching ? (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mt: 1 }}
          data-testid="member-search-empty"
        >
          No members found matching "{text.trim()}"
        </Typography>
      ) : null}
      {shown && shown.length > 0 ? (
        <Paper variant="outlined" sx={{ mt: 1, maxHeight: 220, overflowY: 'auto' }}>
          <List
            component="div"
            aria-label="Members found"
            dense
            disablePadding
            data-testid="member-search-results"
          >
            {shown.map((member) => (
              <ListItemButton key={member.member_id} onClick={() => choose(member)} divider>
                <ListItemText
                  primary={`${member.insured_full_name} (${member.member_id})`}
                  secondary={member.email ?? 'No email on file'}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      ) : null}
    </Box>
  )
}
