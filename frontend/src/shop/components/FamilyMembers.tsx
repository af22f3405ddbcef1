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
import type { MemberRecord } from '../shopApi'
import { useShopText, type ShopText } from '../i18n/useShopText'

const premium = (member: MemberRecord, { money }: ShopText) =>
  member.final_premium === null
    ? '—'
    : money(member.final_premium, member.premium_currency ?? 'USD')

/** The family: a table from 600 px, a stacked list on phones (nothing cut off, no sideways scroll). */
export function FamilyMembers({ members }: { members: MemberRecord[] }) {
  const text = useShopText()
  const { t, date } = text
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'))
  if (members.length === 0)
    return <Typography color="text.secondary">{t('family.none')}</Typography>
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
              <Chip size="small" label={text.role(relative.insured_role)} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('family.born', {
                memberId: relative.member_id,
                date: date(relative.date_of_birth),
              })}
            </Typography>
            <Typography variant="body2">
              {t('family.annualPremium', { amount: premium(relative, text) })}
            </Typography>
          </Box>
        ))}
      </Stack>
    )
  }
  return (
    <Table size="small" data-testid="family-table">
      <TableHead>
        <TableRow>
          <TableCell>{t('field.name')}</TableCell>
          <TableCell>{t('field.role')}</TableCell>
          <TableCell>{t('login.memberId')}</TableCell>
          <TableCell>{t('dob.label')}</TableCell>
          <TableCell align="right">{t('field.annualPremium')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {members.map((relative) => (
          <TableRow key={relative.id}>
            <TableCell>{relative.insured_full_name}</TableCell>
            <TableCell>
              <Chip size="small" label={text.role(relative.insured_role)} />
            </TableCell>
            <TableCell>{relative.member_id}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(relative.date_of_birth)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {premium(relative, text)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}
