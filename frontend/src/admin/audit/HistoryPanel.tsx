import { useState } from 'react'
import { useGetList } from 'react-admin'
import { Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material'
import HistoryIcon from '@mui/icons-material/History'
import { useFormatting } from '../../common/formatting'
import { LoadError } from '../components/list/ListStates'
import { SectionCard } from '../components/SectionCard'
import { InfoDialog } from '../components/InfoDialog'
import { ChangeList } from './ChangeList'
import { auditTime, type AuditEntry } from './auditText'

const PER_PAGE = 5
const PANEL = { 'data-testid': 'history-panel' }

interface HistoryProps {
  /** As recorded by the server: member, migration, product, currency, email_template, … */
  entityType: string
  entityId: number | string
  /** "card" (default): the history shown in place; "button": a History button opening it in a dialog. */
  variant?: 'card' | 'button'
  /** Heading level of the panel's title in its page. */
  heading?: 'h2' | 'h3'
}

/** The entries of one entity, newest first, five a page, read through the dataProvider. */
function HistoryEntries({
  entityType,
  entityId,
}: {
  entityType: string
  entityId: number | string
}) {
  const { dateFormat } = useFormatting()
  const [page, setPage] = useState(1)
  const { data, total, isPending, isFetching, error, refetch } = useGetList<AuditEntry>(
    'audit-log',
    {
      pagination: { page, perPage: PER_PAGE },
      sort: { field: 'at', order: 'DESC' },
      filter: { entityType, entityId: String(entityId) },
    }
  )
  const pages = Math.max(1, Math.ceil((total ?? 0) / PER_PAGE))
  if (error) {
    return <LoadError what="the history" error={error} onRetry={refetch} testId="history-error" />
  }
  if (isPending)
    return <LinearProgress aria-label="Loading history" data-testid="history-loading" />
  if (!data || data.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="history-empty">
        No changes recorded yet.
      </Typography>
    )
  }
  return (
    <Box>
      {isFetching ? <LinearProgress aria-label="Loading history" /> : null}
      <Stack
        component="ol"
        spacing={1.5}
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        aria-label="Changes, newest first"
      >
        {data.map((entry) => (
          <Box
            component="li"
            key={entry.id}
            sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}
            data-testid="history-entry"
          >
            <Stack
              direction="row"
              sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5, mb: 0.5 }}
            >
              <Chip
                size="small"
                variant="outlined"
                label={entry.action}
                data-testid="history-action"
              />
              <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="history-actor">
                {entry.actor}
              </Typography>
              <Typography variant="body2" color="text.secondary" component="span">
                {auditTime(entry.at, dateFormat)}
              </Typography>
            </Stack>
            <ChangeList entry={entry} />
          </Box>
        ))}
      </Stack>
      {pages > 1 ? (
        <Stack
          direction="row"
          spacing={1}
          sx={{ mt: 1.5, alignItems: 'center', justifyContent: 'flex-end' }}
        >
          <Typography variant="body2" color="text.secondary">
            Page {page} of {pages}
          </Typography>
          <Button
            size="small"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
            data-testid="history-newer"
          >
            Newer
          </Button>
          <Button
            size="small"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
            data-testid="history-older"
          >
            Older
          </Button>
        </Stack>
      ) : null}
    </Box>
  )
}

/**
 * Who changed this entity, when, and what: self-contained, so a
 * screen adds it with one element.
 */
export function HistoryPanel({
  entityType,
  entityId,
  variant = 'card',
  heading = 'h2',
}: HistoryProps) {
  const [open, setOpen] = useState(false)
  if (variant === 'button') {
    return (
      <>
        <Button
          size="small"
          variant="outlined"
          startIcon={<HistoryIcon />}
          onClick={() => setOpen(true)}
          data-testid={`history-button-${entityType}-${entityId}`}
        >
          History
        </Button>
        <InfoDialog
          open={open}
          title="History"
          testId="history-dialog"
          contentProps={PANEL}
          onClose={() => setOpen(false)}
        >
          {open ? <HistoryEntries entityType={entityType} entityId={entityId} /> : null}
        </InfoDialog>
      </>
    )
  }
  return (
    <SectionCard
      title="History"
      heading={heading}
      variant="outlined"
      sx={{ mt: 2 }}
      data-testid="history-panel"
    >
      <HistoryEntries entityType={entityType} entityId={entityId} />
    </SectionCard>
  )
}
