import { useListContext } from 'react-admin'
import { Checkbox } from '@mui/material'
import type { MemberRecord } from './types'

/*
| The Members list's selection column. react-admin's own row checkbox puts its name on the
| checkbox's wrapper, not on the input (axe: label, aria-prohibited-attr; HTML_CodeSniffer H91),
| so the list draws these, named by the member, and react-admin's bulk toolbar acts on them.
*/

/** The header's checkbox: every row of the page shown, selected or not. */
export function SelectPageMembers() {
  const { data, selectedIds, onSelect } = useListContext<MemberRecord>()
  const ids = (data ?? []).map((member) => member.id)
  const all = ids.length > 0 && ids.every((id) => selectedIds.includes(id))
  return (
    <Checkbox
      checked={all}
      indeterminate={!all && ids.some((id) => selectedIds.includes(id))}
      onChange={() =>
        onSelect(
          all
            ? selectedIds.filter((id) => !ids.includes(id))
            : [...new Set([...selectedIds, ...ids])]
        )
      }
      onClick={(event) => event.stopPropagation()}
      slotProps={{ input: { 'aria-label': 'Select the members of this page' } }}
      data-testid="members-select-page"
    />
  )
}

/** A row's checkbox, named by its member. */
export function SelectMember({ member }: { member: MemberRecord }) {
  const { selectedIds, onToggleItem } = useListContext<MemberRecord>()
  return (
    <Checkbox
      checked={selectedIds.includes(member.id)}
      onChange={() => onToggleItem(member.id)}
      onClick={(event) => event.stopPropagation()}
      slotProps={{
        input: { 'aria-label': `Select ${member.insured_full_name} (${member.member_id})` },
      }}
      data-testid="select-member"
    />
  )
}
