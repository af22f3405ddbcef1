import { DataTable } from 'react-admin'
import { formatMoney } from '../../../common/format'
import { SectionCard } from '../../components/SectionCard'
import { TableRegion } from '../../components/TableRegion'
import { bodyWithRowTestId, ListEmpty } from '../../components/list/ListStates'
import type { MigrationDetail } from './migrationDetailTypes'

const Member = DataTable.Col<MigrationDetail['selectedMembers'][number]>
const MemberBody = bodyWithRowTestId('migrated-member-row')

/** The members this migration moved, with their DHIG ids and final premium. */
export function MigratedMembersCard({ members }: { members: MigrationDetail['selectedMembers'] }) {
  return (
    <SectionCard title="Migrated Members">
      <TableRegion label="Migrated members table">
        <DataTable
          resource="migration-members"
          data={members}
          bulkActionButtons={false}
          rowClick={false}
          body={MemberBody}
          empty={
            <ListEmpty
              text="No migrated members recorded"
              testId="migrated-members-empty"
              compact
            />
          }
        >
          <Member source="insured_full_name" label="Name" />
          <Member source="insured_role" label="Role" />
          <Member source="member_id" label="Member ID" />
          <Member
            source="dhig_person_id"
            label="DHIG Person ID"
            render={(member) => String(member.dhig_person_id || 'N/A')}
          />
          <Member
            source="dhig_member_id"
            label="DHIG Member ID"
            render={(member) => String(member.dhig_member_id || 'N/A')}
          />
          <Member
            source="final_premium"
            label="Final Premium"
            align="right"
            render={(member) =>
              member.final_premium === null
                ? 'N/A'
                : formatMoney(member.final_premium, member.premium_currency || 'USD')
            }
          />
        </DataTable>
      </TableRegion>
    </SectionCard>
  )
}
