import { useState } from 'react'
import { FilterList, TextInput, required } from 'react-admin'
import {
  Button,
  IconButton,
  ListItem,
  ListItemButton,
  ListItemText,
  Tooltip,
  Typography,
} from '@mui/material'
import BookmarkIcon from '@mui/icons-material/BookmarkBorder'
import AddIcon from '@mui/icons-material/BookmarkAddOutlined'
import DeleteIcon from '@mui/icons-material/DeleteOutlined'
import { FormDialog } from '../FormDialog'
import { describeError } from '../adminErrors'
import { useSavedViews } from './useSavedViews'

/**
 * The list's saved views in its sidebar (react-admin's FilterList section): each opens the rows it
 * saved (filters, sort, rows per page), the one matching the list is marked; "Save current view"
 * names the list's state; each view has a Delete button. Kept on the server per administrator.
 */
export function SavedViews() {
  const { views, active, save, apply, remove } = useSavedViews()
  const [naming, setNaming] = useState(false)
  return (
    <>
      <FilterList label="Saved views" icon={<BookmarkIcon />} data-testid="saved-views">
        {views.error ? (
          <ListItem>
            <ListItemText
              primary={`Could not load saved views: ${describeError(views.error)}`}
              slotProps={{ primary: { variant: 'body2' } }}
            />
          </ListItem>
        ) : null}
        {views.data?.length === 0 ? (
          <ListItem>
            <Typography variant="body2" color="text.secondary" data-testid="saved-views-empty">
              No saved views yet
            </Typography>
          </ListItem>
        ) : null}
        {(views.data ?? []).map((view) => (
          <ListItem
            key={view.id}
            disablePadding
            data-testid="saved-view"
            secondaryAction={
              <Tooltip title="Delete view">
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={`Delete view ${view.name}`}
                  onClick={() => remove(view)}
                  data-testid="saved-view-delete"
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            }
          >
            <ListItemButton
              selected={active?.id === view.id}
              aria-pressed={active?.id === view.id}
              onClick={() => apply(view)}
              sx={{ pl: 4 }}
            >
              <ListItemText primary={view.name} />
            </ListItemButton>
          </ListItem>
        ))}
        <ListItem disablePadding sx={{ pl: 2, pt: 0.5 }}>
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={() => setNaming(true)}
            disabled={active !== null}
            data-testid="save-view"
          >
            Save current view
          </Button>
        </ListItem>
      </FilterList>
      <FormDialog<{ name: string }>
        open={naming}
        title="Save current view"
        testId="save-view-dialog"
        submitLabel="Save view"
        onClose={() => setNaming(false)}
        onSave={async ({ name }) => {
          await save(name.trim())
          setNaming(false)
        }}
      >
        <TextInput
          source="name"
          label="Name of the view"
          validate={required('Please enter a name for the view')}
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { 'maxLength': 80, 'data-testid': 'save-view-name' } }}
          helperText="Its filters, sort and rows per page; the same name replaces that view"
        />
      </FormDialog>
    </>
  )
}
