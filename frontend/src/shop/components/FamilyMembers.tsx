import {
  Box,
  Chip,
  Divider,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material'
import { formatDate, formatMoney } from '../../common/format'
import { useFormatting } from '../../common/formatting'
import type { MemberRecord } from '../shopApi'

const premium = (member: MemberRecord) =>
  member.final_premium === null
    ? '—'
    : formatMoney(member.final_premium, member.premium_currency ?? 'USD')

/** The family: a table from 600 px, a stacked list on phones (nothing cut off, no sideways scroll). */
export function FamilyMembers({ members }: { members: MemberRecord[] }) {
  const { dateFormat } = useFormatting()
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'))
  if (members.length === 0)
    return <Typography color="text.secondary">No family members are insured with you.</Typography>
  if (phone) {
    return (
      <Stack
        component="ul"
        divider={<Divider component="li" aria-hidden />}
        spacing={1.5}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
        data-testid="family-list"
      >
        {members.map((relative) => (
          <Box component="li" key={relative.id}>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }}>{relative.insured_full_name}</Typography>
              <Chip size="small" label={relative.insured_role} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {relative.member_id} · born {formatDate(relative.date_of_birth, dateFormat)}
            </Typography>
            <Typography variant="body2">Annual premium: {premium(relative)}</Typography>
          </Box>
        ))}
      </Stack>
    )
  }
  return (
    <Table size="small" data-testid="family-table">
      <TableHead>
        <TableRow>
          <TableCell>Name</TableCell>
          <TableCell>Role</TableCell>
          <TableCell>Member ID</TableCell>
          <TableCell>Date of birth</TableCell>
          <TableCell align="right">Annual premium</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {members.map((relative) => (
          <TableRow key={relative.id}>
            <TableCell>{relative.insured_full_name}</TableCell>
            <TableCell>
              <Chip size="small" label={relative.insured_role} />
            </TableCell>
            <TableCell>{relative.member_id}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatDate(relative.date_of_birth, dateFormat)}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {premium(relative)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
