import { Box, LinearProgress, Typography } from '@mui/material'
import type { SearchGroup } from './searchResults'

export const LISTBOX_ID = 'global-search-results'
export const optionDomId = (id: string) => `global-search-option-${id}`

/**
 * The popup's content: "Searching…" while the answer is coming, the error, "No results", or the
 * listbox of the groups (role group, named by its heading), one option per result. Focus stays in
 * the search box (aria-activedescendant names the active option); a click opens the option.
 */
export function SearchResults({
  text,
  loading,
  error,
  groups,
  activeId,
  onOpen,
}: {
  text: string
  loading: boolean
  error: string | null
  groups: SearchGroup[]
  activeId: string | null
  onOpen: (path: string) => void
}) {
  if (loading)
    return (
      <Box role="status" sx={{ p: 2 }} data-testid="global-search-loading">
        <LinearProgress aria-label="Searching" sx={{ mb: 1 }} />
        <Typography variant="body2">Searching…</Typography>
      </Box>
    )
  if (error)
    return (
      <Typography role="alert" variant="body2" sx={{ p: 2 }} data-testid="global-search-error">
        {`Search failed: ${error}`}
      </Typography>
    )
  if (groups.length === 0)
    return (
      <Typography role="status" variant="body2" sx={{ p: 2 }} data-testid="global-search-none">
        {`No results for “${text.trim()}”`}
      </Typography>
    )
  return (
    <Box
      role="listbox"
      id={LISTBOX_ID}
      aria-label="Search results"
      data-testid="global-search-results"
      sx={{ py: 0.5 }}
    >
      {groups.map((group) => (
        <Box key={group.kind} role="group" aria-labelledby={`global-search-group-${group.kind}`}>
          <Typography
            id={`global-search-group-${group.kind}`}
            role="presentation"
            variant="overline"
            component="div"
            sx={{ px: 2, pt: 1, color: 'text.secondary', lineHeight: 2 }}
          >
            {group.label}
          </Typography>
          {group.options.map((option) => (
            <Box
              key={option.id}
              id={optionDomId(option.id)}
              role="option"
              aria-selected={option.id === activeId}
              data-testid={`global-search-${option.id}`}
              // Keeps the focus in the search box: the click opens the option.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => onOpen(option.path)}
              sx={{
                'px': 2,
                'py': 0.75,
                'cursor': 'pointer',
                'bgcolor': option.id === activeId ? 'action.selected' : undefined,
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {option.primary}
              </Typography>
              <Typography
                variant="caption"
                component="div"
                sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}
              >
                {option.secondary}
              </Typography>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  )
}
