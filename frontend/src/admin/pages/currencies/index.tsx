import { useCallback, useEffect, useState } from 'react'
import { Box, Button, Card, Chip, CircularProgress, Stack, Switch, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, TextField, Tooltip, Typography } from '@mui/material'
import SyncIcon from '@mui/icons-material/Sync'
import SaveIcon from '@mui/icons-material/SaveOutlined'
import { api } from '../../../common/api'
import { useToast } from '../../../common/toast'
import { PageHeader } from '../../components/PageHeader'
import { useAdminErrorHandler } from '../../components/adminErrors'
import { adminPath } from '../../paths'

interface Currency {
  id: number
  code: string
  name: string
  symbol: string
  enabled: boolean
  surcharge_percentage: number
}
interface CacheStatus {
  cached: boolean
  age: number | null
  source: string | null
}
interface SchedulerStatus {
  running: boolean
  inThisProcess: boolean
  state: 'running' | 'not_started' | 'provider_off'
  intervalSeconds: number
  provider: string | null
  lastRunAt: string | null
  lastError: string | null
}
interface Overview {
  currencies: Currency[]
  cacheStatus: CacheStatus
  exchangeRates: Record<string, number>
}

const BASE = 'USD'

/** A non-numeric surcharge becomes 0; the range is 0 to 100 (spec §5). */
function parseSurcharge(value: string) {
  const number = Number.parseFloat(value)
  if (!Number.isFinite(number)) return 0
  return Math.min(100, Math.max(0, number))
}

/** What the scheduler chip says: whether rates refresh by themselves, and if not, why. */
function describeScheduler(status: SchedulerStatus) {
  const every = `every ${Math.round(status.intervalSeconds / 60)} minutes`
  if (status.running) return `Auto-refresh ${every}: running${status.inThisProcess ? '' : ' in another process'}${status.provider ? ` (${status.provider})` : ''}`
  if (status.state === 'provider_off') return 'Auto-refresh: off (no rates provider configured) — stored rates serve'
  return 'Auto-refresh: not running (background tasks are off) — stored rates serve'
}

function describeAge(seconds: number | null) {
  if (seconds === null) return 'never'
  if (seconds < 60) return `${seconds} s ago`
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`
  return `${Math.floor(seconds / 86400)} days ago`
}

/** /admin/currencies: enabled flag and surcharge per currency, exchange rates and their refresh. */
export default function CurrenciesPage() {
  const toast = useToast()
  const handleError = useAdminErrorHandler()
  const [overview, setOverview] = useState<Overview | null>(null)
  const [drafts, setDrafts] = useState<Record<number, { enabled: boolean; surcharge: string }>>({})
  const [scheduler, setScheduler] = useState<SchedulerStatus | null>(null)
  const [refreshing, setRefreshing] = useState(false)

  const load = useCallback(async () => {
    try {
      const data = await api.get<Overview>('/currencies/admin/all')
      setOverview(data)
      setDrafts(Object.fromEntries(data.currencies.map((c) => [c.id, { enabled: c.enabled, surcharge: String(c.surcharge_percentage) }])))
    } catch (error) {
      handleError(error)
    }
  }, [handleError])

  // A scheduler-status failure is not shown to the user (spec §8).
  const loadScheduler = useCallback(() => {
    api
      .get<{ scheduler: { refreshRatesTask: SchedulerStatus } }>('/currencies/admin/scheduler-status')
      .then((data) => setScheduler(data.scheduler.refreshRatesTask))
      .catch(() => undefined)
  }, [])

  useEffect(() => {
    void load()
    loadScheduler()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const save = async (currency: Currency) => {
    const draft = drafts[currency.id]
    try {
      await api.put(`/currencies/admin/${currency.id}`, { enabled: draft.enabled, surcharge_percentage: parseSurcharge(draft.surcharge) })
      toast.success(`Currency ${currency.code} updated successfully`)
      await load()
    } catch (error) {
      handleError(error)
      await load()
    }
  }

  const refreshRates = async () => {
    setRefreshing(true)
    try {
      await api.post('/currencies/admin/refresh-rates')
      toast.success('Exchange rates refreshed successfully')
      await load()
      loadScheduler()
    } catch (error) {
      handleError(error)
    } finally {
      setRefreshing(false)
    }
  }

  return (
    <>
      <PageHeader
        title="Currencies"
        subtitle="Currencies offered to members, their surcharge and the exchange rates (units per 1 USD)."
        backTo={adminPath('migrations')}
        backLabel="Back to Migrations"
        actions={
          <Button variant="contained" startIcon={<SyncIcon />} onClick={refreshRates} disabled={refreshing} data-testid="refresh-rates">
            {refreshing ? 'Refreshing...' : 'Refresh Rates'}
          </Button>
        }
      />
      {overview === null ? (
        <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
          <CircularProgress />
        </Box>
      ) : (
        <>
          <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }} data-testid="rates-status">
            <Chip variant="outlined" color={overview.cacheStatus.cached ? 'success' : 'warning'} label={overview.cacheStatus.cached ? `Rates stored (${overview.cacheStatus.source === 'seed' ? 'seeded defaults' : 'from provider'}), updated ${describeAge(overview.cacheStatus.age)}` : 'No stored rates'} />
            {scheduler === null ? null : (
              <Chip variant="outlined" color={scheduler.running ? 'success' : 'default'} label={describeScheduler(scheduler)} data-testid="scheduler-status" />
            )}
            {scheduler?.lastError ? <Chip variant="outlined" color="warning" label={`Last automatic refresh failed: ${scheduler.lastError}`} data-testid="scheduler-error" /> : null}
          </Stack>
          <Card>
            <TableContainer>
              <Table>
                <TableHead>
                  <TableRow>
                    <TableCell>Currency</TableCell>
                    <TableCell align="right">Rate per USD</TableCell>
                    <TableCell align="right">Effective rate</TableCell>
                    <TableCell align="center">Enabled</TableCell>
                    <TableCell>Surcharge (%)</TableCell>
                    <TableCell align="right" />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {overview.currencies.map((currency) => {
                    const isBase = currency.code === BASE
                    const draft = drafts[currency.id] ?? { enabled: currency.enabled, surcharge: String(currency.surcharge_percentage) }
                    const rate = overview.exchangeRates[currency.code]
                    const effective = rate ? rate * (1 + parseSurcharge(draft.surcharge) / 100) : null
                    const setDraft = (changes: Partial<typeof draft>) => setDrafts((all) => ({ ...all, [currency.id]: { ...draft, ...changes } }))
                    return (
                      <TableRow key={currency.id} data-testid={`currency-row-${currency.code}`} hover>
                        <TableCell>
                          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                            <Box sx={{ width: 40, height: 40, borderRadius: 2, bgcolor: 'action.hover', display: 'grid', placeItems: 'center', fontWeight: 700 }}>{currency.symbol}</Box>
                            <Box>
                              <Typography sx={{ fontWeight: 600 }}>{currency.code}</Typography>
                              <Typography variant="body2" color="text.secondary">
                                {currency.name}
                                {isBase ? ' · base currency' : ''}
                              </Typography>
                            </Box>
                          </Stack>
                        </TableCell>
                        <TableCell align="right" sx={{ fontFamily: 'monospace' }}>{rate ? rate.toFixed(4) : '—'}</TableCell>
                        <TableCell align="right" sx={{ fontFamily: 'monospace' }}>{effective ? effective.toFixed(4) : '—'}</TableCell>
                        <TableCell align="center">
                          <Switch checked={draft.enabled} disabled={isBase} onChange={(e) => setDraft({ enabled: e.target.checked })} slotProps={{ input: { 'aria-label': `${currency.code} enabled` } }} />
                        </TableCell>
                        <TableCell>
                          <TextField
                            type="number"
                            size="small"
                            value={draft.surcharge}
                            disabled={isBase}
                            onChange={(e) => setDraft({ surcharge: e.target.value })}
                            onBlur={() => setDraft({ surcharge: String(parseSurcharge(draft.surcharge)) })}
                            slotProps={{ htmlInput: { min: 0, max: 100, step: 0.01, 'aria-label': `${currency.code} surcharge` } }}
                            sx={{ width: 120 }}
                          />
                        </TableCell>
                        <TableCell align="right">
                          <Tooltip title={isBase ? 'The base currency cannot be changed' : ''}>
                            <span>
                              <Button variant="outlined" size="small" startIcon={<SaveIcon />} disabled={isBase} onClick={() => save(currency)} data-testid={`save-currency-${currency.code}`}>
                                Save
                              </Button>
                            </span>
                          </Tooltip>
                        </TableCell>
                      </TableRow>
                    )
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          </Card>
        </>
      )}
    </>
  )
}
