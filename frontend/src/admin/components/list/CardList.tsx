import type { ReactNode } from 'react'
import { List, Pagination, TopToolbar, useListContext, type ListProps } from 'react-admin'
import { Card } from '@mui/material'
import { ListError, ListFetching } from './ListStates'
import { LiveFilters } from './LiveFilters'

/**
 * A back-office list in a card: react-admin's <List> without title, its actions only the `toolbar` given, its
 * error state (with Retry) named by `what`, a loading bar above the rows, and no empty page of its own
 * (each table says it is empty). Its filters are drawn by LiveFilters (no <form>); an `aside` (ListSidebar) is
 * laid out above the list. Other props go to <List>.
 */
export function CardList({
  what,
  toolbar,
  children,
  pagination,
  filters,
  aside,
  sx,
  ...props
}: ListProps & { what: string; toolbar?: ReactNode }) {
  return (
    <List
      title={false}
      actions={
        toolbar ? (
          <TopToolbar sx={{ alignItems: 'center', minHeight: 'auto', flexWrap: 'wrap' }}>
            {toolbar}
          </TopToolbar>
        ) : (
          false
        )
      }
      empty={false}
      error={<ListError what={what} />}
      component={Card}
      // A sidebar (components/views/ListSidebar) sits above the list: the columns keep the whole width.
      aside={aside}
      sx={[
        // On a phone react-admin stacks the filters and the toolbar (column-reverse): wrapping there
        // would start a second column beside the first (the audit log's Export buttons stood 216 px
        // beyond a 390 px screen). From 600 px they are a row that wraps.
        {
          '& .RaList-actions': {
            'px': 2,
            'flexWrap': { xs: 'nowrap', sm: 'wrap' },
            '& > *': { maxWidth: '100%' },
          },
        },
        aside ? { flexDirection: 'column' } : {},
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      pagination={
        pagination === false ? (
          false
        ) : (
          <PagerUnlessError>{pagination ?? <Pagination />}</PagerUnlessError>
        )
      }
      filters={Array.isArray(filters) ? <LiveFilters filters={filters} /> : filters}
      {...props}
    >
      <ListFetching />
      {children}
    </List>
  )
}

/**
 * react-admin draws the pager under the error too, with the rows of the last answer ("1-50 of 50" under
 * "Could not load"): a list that failed has no pages.
 */
function PagerUnlessError({ children }: { children: ReactNode }) {
  const { error } = useListContext()
  return error ? null : children
}
