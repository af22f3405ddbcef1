import { useListContext } from 'react-admin'
import { Stack } from '@mui/material'
import { EmptyCard } from '../../components/EmptyCard'
import { ListError, ListFetching } from '../../components/list/ListStates'
import { ApiConfigCard } from './ApiConfigCard'
import type { ApiConfig } from './types'

/** The entries as cards, in the list's states: error with Retry, loading, empty, or the cards. */
export function ApiConfigCards({
  onToggle,
  onDelete,
}: {
  onToggle: (config: ApiConfig) => void
  onDelete: (config: ApiConfig) => void
}) {
  const { data, error, isPending } = useListContext<ApiConfig>()
  if (error) return <ListError what="API configurations" />
  if (isPending) return <ListFetching />
  if (!data?.length)
    return (
      <EmptyCard testId="api-configs-empty" text="No API configurations. Add one to get started." />
    )
  return (
    <Stack spacing={2} data-testid="api-configs-list">
      <ListFetching />
      {data.map((config) => (
        <ApiConfigCard
          key={config.id}
          config={config}
          onToggle={() => onToggle(config)}
          onDelete={() => onDelete(config)}
        />
      ))}
    </Stack>
  )
}
