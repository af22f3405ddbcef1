import { useListContext } from 'react-admin'
import { Box, Button, Chip, Stack, Typography } from '@mui/material'
import AddIcon from '@mui/icons-material/Add'
import ForwardIcon from '@mui/icons-material/ForwardToInboxOutlined'
import { EmptyCard } from '../../components/EmptyCard'
import { LoadingBlock } from '../../components/LoadingBlock'
import { ListError } from '../../components/list/ListStates'
import { OverrideCard } from './OverrideCard'
import type { EmailOverride } from './OverrideDialog'

/** The list's states: loading, error with Retry, the spec's empty state, or the cards with their count. */
export function OverrideCards({
  onAdd,
  onEdit,
  onDelete,
}: {
  onAdd: () => void
  onEdit: (override: EmailOverride) => void
  onDelete: (override: EmailOverride) => void
}) {
  const { data, isPending, error } = useListContext<EmailOverride>()
  if (error) return <ListError what="email overrides" />
  if (isPending) return <LoadingBlock label="Loading email overrides" testId="overrides-loading" />
  if (data.length === 0)
    return (
      <EmptyCard
        testId="overrides-empty"
        icon={<ForwardIcon color="disabled" sx={{ fontSize: 48 }} />}
        title="No Email Overrides"
        text="Every member's emails go to the global override or to the member's own address."
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={onAdd}>
            Add First Override
          </Button>
        }
      />
    )
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2">
          Active Email Overrides
        </Typography>
        <Chip size="small" label={data.length} color="primary" data-testid="overrides-count" />
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        {data.map((override) => (
          <OverrideCard
            key={override.id}
            override={override}
            onEdit={() => onEdit(override)}
            onDelete={() => onDelete(override)}
          />
        ))}
      </Box>
    </>
  )
}
