import type { ReactNode } from 'react'
import { FilterList, useListFilterContext } from 'react-admin'
import { ListItem, ListItemButton, ListItemText } from '@mui/material'

/**
 * A FilterList section of one filter: each choice a toggle button (pressed while it is the filter's
 * value; pressing it again clears the filter), applied by the list like the toolbar's filters.
 * react-admin's FilterListItem draws its clear button without a name, hence these items.
 */
export function SidebarChoices(props: {
  label: string
  icon: ReactNode
  source: string
  choices: { id: string; name: string; value?: Record<string, string> }[]
}) {
  const { filterValues, displayedFilters, setFilters } = useListFilterContext()
  const valueOf = (choice: { id: string; value?: Record<string, string> }) =>
    choice.value ?? { [props.source]: choice.id }
  const isChosen = (choice: { id: string; value?: Record<string, string> }) =>
    Object.entries(valueOf(choice)).every(([key, value]) => filterValues?.[key] === value)
  const toggle = (choice: { id: string; value?: Record<string, string> }) => {
    const keys = Object.keys(valueOf(choice))
    const rest = Object.fromEntries(
      Object.entries(filterValues ?? {}).filter(([key]) => !keys.includes(key))
    )
    setFilters(isChosen(choice) ? rest : { ...rest, ...valueOf(choice) }, displayedFilters)
  }
  return (
    <FilterList label={props.label} icon={props.icon} data-testid={`sidebar-${props.source}`}>
      {props.choices.map((choice) => (
        <ListItem key={choice.id} disablePadding>
          <ListItemButton
            selected={isChosen(choice)}
            aria-pressed={isChosen(choice)}
            onClick={() => toggle(choice)}
            sx={{ pl: 4, py: 0.25 }}
          >
            <ListItemText primary={choice.name} />
          </ListItemButton>
        </ListItem>
      ))}
    </FilterList>
  )
}
