import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Chip,
  Stack,
  Typography,
} from '@mui/material'
import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import { useQuery } from '@tanstack/react-query'
import { formatDate } from '../../../common/format'
import { InfoDialog } from '../../components/InfoDialog'
import { LoadingBlock } from '../../components/LoadingBlock'
import { useAdminTools } from '../../components/useAdminTools'

function Payload({ title, value }: { title: string; value: unknown }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Box
        component="pre"
        sx={{
          m: 0,
          p: 1.5,
          bgcolor: '#0f172a',
          color: '#e2e8f0',
          borderRadius: 1.5,
          fontSize: 12,
          overflow: 'auto',
          maxHeight: 260,
        }}
      >
        {value === null || value === undefined
          ? '—'
          : typeof value === 'string'
            ? value
            : JSON.stringify(value, null, 2)}
      </Box>
    </Box>
  )
}

/** The enrolment calls of one migration; load errors are not shown (admin-backoffice.md §8). */
export function ApiLogsDialog({
  migrationId,
  onClose,
}: {
  migrationId: number | null
  onClose: () => void
}) {
  const { dateFormat, dataProvider } = useAdminTools()
  const { data, isError } = useQuery({
    queryKey: ['migrations', migrationId, 'api-logs'],
    queryFn: () => dataProvider.apiLogs(migrationId!),
    enabled: migrationId !== null,
    retry: false,
  })
  const logs = isError ? [] : (data?.logs ?? null)
  const { migration, summary } = data ?? {}
  const title = (
    <>
      API Audit Logs
      {migration ? (
        <Typography
          component="span"
          color="text.secondary"
          sx={{ display: 'block' }}
          data-testid="api-logs-migration"
        >
          {migration.migration_reference || `#${migration.id}`} · {migration.insured_full_name} (
          {migration.member_id_str})
        </Typography>
      ) : null}
    </>
  )
  return (
    <InfoDialog
      open={migrationId !== null}
      title={title}
      testId="api-logs-dialog"
      onClose={onClose}
    >
      {logs === null ? (
        <LoadingBlock label="Loading API logs" />
      ) : logs.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          No API logs found for this migration.
        </Typography>
      ) : (
        <>
          <Stack direction="row" spacing={1} sx={{ mb: 2 }} data-testid="api-logs-summary">
            <Chip
              color="success"
              variant="outlined"
              sx={{ color: 'success.dark' }}
              label={`${summary!.succeeded} succeeded`}
            />
            <Chip
              color="error"
              variant="outlined"
              sx={{ color: 'error.dark' }}
              label={`${summary!.failed} failed`}
            />
            {summary!.attempts > summary!.calls ? (
              <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
                {summary!.calls} calls, {summary!.attempts} attempts: each call counts its latest
                attempt
              </Typography>
            ) : null}
          </Stack>
          {logs.map((log) => (
            <Accordion key={log.id} disableGutters variant="outlined" sx={{ mb: 1 }}>
              <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                <Stack
                  direction="row"
                  spacing={1.5}
                  sx={{ alignItems: 'center', width: '100%', flexWrap: 'wrap' }}
                >
                  <Chip
                    size="small"
                    color={log.success ? 'success' : 'error'}
                    label={log.success ? 'Success' : 'Failed'}
                  />
                  <Typography sx={{ fontWeight: 600 }}>{log.api_name}</Typography>
                  <Typography color="text.secondary">
                    {log.member_name} {log.member_id ? `(${log.member_id})` : ''}
                  </Typography>
                  {log.attempt ? (
                    <Chip
                      size="small"
                      variant="outlined"
                      label={`Attempt ${log.attempt}`}
                      title={
                        log.idempotency_key ? `Idempotency-Key ${log.idempotency_key}` : undefined
                      }
                    />
                  ) : null}
                  <Box sx={{ flexGrow: 1 }} />
                  <Typography variant="body2" color="text.secondary">
                    {log.response_status ?? '—'} · {formatDate(log.created_at, dateFormat)}{' '}
                    {log.created_at ? `${log.created_at.slice(11, 16)} UTC` : ''}
                  </Typography>
                </Stack>
              </AccordionSummary>
              <AccordionDetails>
                <Typography variant="body2" sx={{ mb: 1, wordBreak: 'break-all' }}>
                  {log.endpoint}
                </Typography>
                {log.error_message ? (
                  <Typography variant="body2" color="error" sx={{ mb: 1 }}>
                    {log.error_message}
                  </Typography>
                ) : null}
                <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
                  <Payload title="Request" value={log.request_payload} />
                  <Payload title="Response" value={log.response_payload} />
                </Stack>
              </AccordionDetails>
            </Accordion>
          ))}
        </>
      )}
    </InfoDialog>
  )
}
