import { DataTable } from 'react-admin'
import { Typography } from '@mui/material'
import { formatDate } from '../../../common/format'
import { useFormatting } from '../../../common/formatting'
import { EmailText } from '../../components/EmailText'
import { Captioned } from '../../components/Captioned'
import { bodyWithRowTestId, ListEmpty } from '../../components/list/ListStates'
import { InvitationCell, LinkCell, SelectAllCheckbox, SelectUserCheckbox } from './UserCells'
import type { IssuedLink, UnmigratedUser } from './types'

/** Rows carry the test handles `unmigrated-row` and the member ID. */
const UserBody = bodyWithRowTestId('unmigrated-row', (user: UnmigratedUser) => ({
  'data-member-id': user.member_id,
}))
const Col = DataTable.Col<UnmigratedUser>
const NO_EMAIL = (
  <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
    No email
  </Typography>
)

/** The page of unmigrated users shown: selection, member, product, policy end, invitation and secure link. */
export function UnmigratedUserTable({
  links,
  onGenerate,
  onCopy,
}: {
  links: Map<number, IssuedLink>
  onGenerate: (user: UnmigratedUser) => void
  onCopy: (user: UnmigratedUser) => void
}) {
  const { dateFormat } = useFormatting()
  return (
    <DataTable
      bulkActionButtons={false}
      rowClick={false}
      body={UserBody}
      empty={<ListEmpty text="No unmigrated users found" testId="unmigrated-empty" />}
      sx={{
        '& th': { whiteSpace: 'nowrap' },
        '& th, & td': { px: 0.5 },
        '& td': { fontSize: '0.8125rem' },
      }}
    >
      <Col
        label={<SelectAllCheckbox />}
        disableSort
        render={(user) => <SelectUserCheckbox user={user} />}
        cellSx={() => ({ width: 40 })}
      />
      <Col
        source="member_id"
        label="Member ID"
        cellSx={() => ({ fontFamily: 'monospace', whiteSpace: 'nowrap' })}
      />
      <Col
        source="insured_full_name"
        label="Name"
        cellSx={() => ({ fontWeight: 600, minWidth: 90, maxWidth: 200, overflowWrap: 'anywhere' })}
      />
      <Col
        source="email"
        label="Email"
        render={(user) => (user.email ? <EmailText email={user.email} /> : NO_EMAIL)}
        cellSx={() => ({ minWidth: 100, maxWidth: 200, overflowWrap: 'anywhere' })}
      />
      <Col
        source="date_of_birth"
        label="Date of Birth"
        render={(user) => formatDate(user.date_of_birth, dateFormat)}
        cellSx={() => ({ whiteSpace: 'nowrap' })}
      />
      <Col
        source="product_name"
        label="Product / Plan"
        render={(user) => (
          <Captioned caption={user.plan_name}>{user.product_name || 'N/A'}</Captioned>
        )}
        cellSx={() => ({ minWidth: 100 })}
      />
      <Col
        source="policy_end_date"
        label="Policy End"
        render={(user) => formatDate(user.policy_end_date, dateFormat)}
        cellSx={() => ({ whiteSpace: 'nowrap' })}
      />
      <Col
        source="invited_at"
        label="Invitation"
        render={(user) => <InvitationCell user={user} />}
      />
      <Col
        label="Secure Link"
        disableSort
        render={(user) => (
          <LinkCell
            user={user}
            link={links.get(user.id)}
            onGenerate={() => onGenerate(user)}
            onCopy={() => onCopy(user)}
          />
        )}
      />
    </DataTable>
  )
}
