import { useCallback, useEffect, useState } from 'react'
import {
  Button,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { useLogout } from 'react-admin'
import { api } from '../../../common/api'
import type { ApiAnswer } from '../../../common/api_contract'
import { PageHeader } from '../../components/PageHeader'
import { SectionCard } from '../../components/SectionCard'
import { LoadingBlock } from '../../components/LoadingBlock'
import { TableRegion } from '../../components/TableRegion'
import { useAdminTools } from '../../components/useAdminTools'
import { dateTime } from '../migrations/deliveryText'

type Security = ApiAnswer<'/api/admin/security', 'get'>

/**
 * /admin/security: the signed-in administrator's active sessions (Sign out this one, Sign out
 * everywhere) and their latest sign-ins (docs/security.md "Sessions per device").
 */
export default function SecurityPage() {
  const { toast, handleError } = useAdminTools()
  const logout = useLogout()
  const [security, setSecurity] = useState<Security | null>(null)
  const load = useCallback(() => {
    api.get('/api/admin/security').then(setSecurity, handleError)
  }, [handleError])
  useEffect(load, [load])

  const signOut = async (id: string) => {
    try {
      const answer = await api.delete('/api/admin/security/sessions/{id}', { path: { id } })
      if (answer.signed_out_here) return logout()
      toast.success('The session was signed out')
      load()
    } catch (error) {
      handleError(error)
    }
  }
  const everywhere = async () => {
    try {
      await api.post('/api/admin/security/sign-out-everywhere')
      await logout()
    } catch (error) {
      handleError(error)
    }
  }

  return (
    <>
      <PageHeader
        title="Security"
        subtitle="Where you are signed in, and your latest sign-ins"
        actions={
          <Button
            variant="contained"
            color="error"
            onClick={everywhere}
            data-testid="sign-out-everywhere"
          >
            Sign out everywhere
          </Button>
        }
      />
      {security === null ? (
        <LoadingBlock label="Loading your sessions" />
      ) : (
        <Stack spacing={3}>
          <SectionCard title="Active sessions">
            <TableRegion label="Active sessions table">
              <Table size="small" data-testid="security-sessions">
                <TableHead>
                  <TableRow>
                    <TableCell>Device</TableCell>
                    <TableCell>IP address</TableCell>
                    <TableCell>Signed in</TableCell>
                    <TableCell>Last seen</TableCell>
                    <TableCell align="right">Actions</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {security.sessions.map((session) => (
                    <TableRow key={session.id} data-testid="security-session-row">
                      <TableCell>
                        {session.device}{' '}
                        {session.current ? <Chip size="small" label="This device" /> : null}
                      </TableCell>
                      <TableCell>{session.ip}</TableCell>
                      <TableCell>{dateTime(session.signed_in_at)}</TableCell>
                      <TableCell>{dateTime(session.last_seen_at)}</TableCell>
                      <TableCell align="right">
                        <Button
                          size="small"
                          onClick={() => signOut(session.id)}
                          aria-label={`Sign out this one: ${session.device}, ${session.ip}${session.current ? ' (this device)' : ''}`}
                        >
                          Sign out this one
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableRegion>
          </SectionCard>
          <SectionCard title="Sign-in history">
            {security.sign_ins.length === 0 ? (
              <Typography color="text.secondary">No sign-ins recorded yet</Typography>
            ) : (
              <TableRegion label="Sign-in history table">
                <Table size="small" data-testid="security-sign-ins">
                  <TableHead>
                    <TableRow>
                      <TableCell>Time</TableCell>
                      <TableCell>IP address</TableCell>
                      <TableCell>Device</TableCell>
                      <TableCell>Result</TableCell>
                      <TableCell>Factor</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {security.sign_ins.map((event, index) => (
                      <TableRow key={index}>
                        <TableCell>{dateTime(event.at)}</TableCell>
                        <TableCell>{event.ip}</TableCell>
                        <TableCell>{event.device}</TableCell>
                        <TableCell>{event.success ? 'Success' : 'Failed'}</TableCell>
                        <TableCell>{event.factor}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableRegion>
            )}
          </SectionCard>
        </Stack>
      )}
    </>
  )
}
