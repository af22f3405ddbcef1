import type { ReactNode } from 'react'
import { List, TopToolbar, type ListProps } from 'react-admin'
import { Card } from '@mui/material'
import { ListError, ListFetching } from './ListStates'

/**
 * A back-office list in a card: react-admin's <List> without title, its actions only the `toolbar` given, its
 * error state (with Retry) named by `what`, a loading bar above the rows, and no empty page of its own
 * (each table says it is empty). Other props go to <List>.
 */
export function CardList({ what, toolbar, children, ...props }: ListProps & { what: string; toolbar?: ReactNode }) {
  return (
    <List
      title={false}
      actions={toolbar ? <TopToolbar sx={{ alignItems: 'center', minHeight: 'auto' }}>{toolbar}</TopToolbar> : false}
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
