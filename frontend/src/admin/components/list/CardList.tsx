import { List, type ListProps } from 'react-admin'
import { Card } from '@mui/material'
import { ListError, ListFetching } from './ListStates'

/**
 * A back-office list in a card: react-admin's <List> without title or default actions, its error
 * state (with Retry) named by `what`, a loading bar above the rows, and no empty page of its own
 * (each table says it is empty). Other props go to <List>.
 */
export function CardList({ what, children, ...props }: ListProps & { what: string }) {
  return (
    <List
      title={false}
      actions={false}
      empty={false}
      error={<ListError what={what} />}
      component={Card}
      sx={{ '& .RaList-actions': { px: 2 } }}
      {...props}
    >
      <ListFetching />
      {children}
    </List>
  )
}
