import { useEffect, useState } from 'react'
import { Box, CircularProgress, InputAdornment, List, ListItemButton, ListItemText, Paper, TextField, Typography } from '@mui/material'
import SearchIcon from '@mui/icons-material/Search'
import type { MemberMatch } from './types'
import { useAdminData } from '../../dataProvider'

const MIN_CHARS = 2
const DELAY_MS = 300

/** Member search of the override dialog: starts at 2 characters, 300 ms after the last keystroke. */
export function MemberSearch({ onSelect }: { onSelect: (member: MemberMatch) => void }) {
  const dataProvider = useAdminData()
  const [query, setQuery] = useState('')
  const [results, setResults] = useState<MemberMatch[] | null>(null)
  const [loading, setLoading] = useState(false)

  useEffect(() => {
    const text = query.trim()
    if (text.length < MIN_CHARS) {
      setResults(null)
      return
    }
    let cancelled = false
    const timer = setTimeout(async () => {
      setLoading(true)
      try {
        const data = (await dataProvider.searchOverrideMembers(text)) as { members: MemberMatch[] }
        if (!cancelled) setResults(data.members)
      } catch {
        if (!cancelled) setResults([])
      } finally {
        if (!cancelled) setLoading(false)
      }
    }, DELAY_MS)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [query])

  return (
    <Box>
      <TextField
        label="Member"
        placeholder="search by name, member ID, or email"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        fullWidth
        autoFocus
        slotProps={{
          htmlInput: { 'data-testid': 'member-search' },
          input: { startAdornment: <InputAdornment position="start">{loading ? <CircularProgress size={18} /> : <SearchIcon />}</InputAdornment> },
        }}
      />
      {results && results.length === 0 && !loading ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="member-search-empty">
          No members found matching "{query.trim()}"
        </Typography>
      ) : null}
      {results && results.length > 0 ? (
        <Paper variant="outlined" sx={{ mt: 1, maxHeight: 220, overflowY: 'auto' }}>
          <List dense disablePadding data-testid="member-search-results">
            {results.map((member) => (
              <ListItemButton key={member.member_id} onClick={() => onSelect(member)} divider>
                <ListItemText primary={`${member.insured_full_name} (${member.member_id})`} secondary={member.email ?? 'No email on file'} />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      ) : null}
    </Box>
  )
}
