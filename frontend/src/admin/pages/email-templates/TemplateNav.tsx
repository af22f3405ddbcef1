import { useListContext } from 'react-admin'
import {
  CardContent,
  Chip,
  List,
  ListItemButton,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material'
import { ListError } from '../../components/list/ListStates'
import { languageLabel, typeLabel, type EmailTemplate } from './types'

/** The templates on the left, in the list's states: loading, error with Retry, empty, or the list. */
export function TemplateNav({
  selectedId,
  onSelect,
}: {
  selectedId?: number
  onSelect: (id: number) => void
}) {
  const { data, isPending, error } = useListContext<EmailTemplate>()
  if (error) return <ListError what="email templates" />
  if (isPending)
    return <Skeleton variant="rounded" height={144} sx={{ m: 2 }} data-testid="templates-loading" />
  if (data.length === 0)
    return (
      <CardContent data-testid="templates-empty">
        <Typography color="text.secondary">No email templates yet.</Typography>
      </CardContent>
    )
  return (
    <List component="nav" aria-label="Email templates" disablePadding data-testid="template-list">
      {data.map((template) => (
        <ListItemButton
          key={template.id}
          selected={selectedId === template.id}
          onClick={() => onSelect(template.id)}
          divider
        >
          <ListItemText
            primary={template.name}
            secondary={`${typeLabel(template.template_type)} · ${languageLabel(template.language)}`}
            slotProps={{ primary: { sx: { fontWeight: 600 } } }}
          />
          {template.is_active ? (
            <Chip size="small" label="Active" color="success" sx={{ bgcolor: 'success.dark' }} />
          ) : null}
        </ListItemButton>
      ))}
    </List>
  )
}
