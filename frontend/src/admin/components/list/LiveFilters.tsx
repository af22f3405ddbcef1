import type { ReactElement } from 'react'
import { FilterFormBase, FilterLiveForm } from 'react-admin'
import { styled } from '@mui/material'

/**
 * react-admin's filter row (its FilterForm's look) in a search region instead of a <form>: the filters
 * apply as one types, so there is nothing to submit, and a form without a submit button fails WCAG 3.2.2
 * (HTML_CodeSniffer H32.2).
 */
const FilterRegion = styled('div')(({ theme }) => ({
  'display': 'flex',
  'flex': '0 1 auto',
  [theme.breakpoints.down('sm')]: { width: '100%' },
  [theme.breakpoints.up('sm')]: { minHeight: theme.spacing(8) },
  [theme.breakpoints.up('md')]: { flex: '0 1 100%' },
  'flexWrap': 'wrap',
  'alignItems': 'flex-end',
  'pointerEvents': 'none',
  'padding': `0 0 ${theme.spacing(0.5)} 0`,
  '& .MuiFormHelperText-root': { display: 'none' },
  '& .RaFilterForm-filterFormInput .MuiFormControl-root': { marginTop: theme.spacing(1) },
}))

const SearchRegion = (props: object) => <FilterRegion role="search" {...props} />

/** A list's filters (react-admin inputs, alwaysOn) applied as they change; given to <List filters>. */
export function LiveFilters({ filters }: { filters: ReactElement[] }) {
  return (
    <FilterLiveForm formComponent={SearchRegion}>
      <FilterFormBase filters={filters} />
    </FilterLiveForm>
  )
}
