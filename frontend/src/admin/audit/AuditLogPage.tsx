import { useState } from 'react'
import { DataTable, DateInput, Pagination, SelectInput, TextInput } from 'react-admin'
import { Box, Button, Typography } from '@mui/material'
import { useFormatting } from '../../common/formatting'
import { PageHeader } from '../components/PageHeader'
import { InfoDialog } from '../components/InfoDialog'
import { bodyWithRowTestId, ListEmpty } from '../components/list/ListStates'
import { CardList } from '../components/list/CardList'
import { ListExport } from '../components/list/ListExport'
import { ChangeList } from './ChangeList'
import { AuditSidebar } from './AuditSidebar'
import { auditTime, ENTITY_TYPES, fieldChanges, fieldLabel, type AuditEntry } from './auditText'

/** Filters the server applies (GET /api/admin/audit-log); react-admin keeps them in the URL. */
const filters = [
  <TextInput
    key="actor"
    source="actor"
    label="Actor"
    alwaysOn
    resettable
    helperText={false}
    slotProps={{ htmlInput: { 'data-testid': 'audit-filter-actor' } }}
  />,
  <TextInput
    key="action"
    source="action"
    label="Action"
    alwaysOn
    resettable
    helperText={false}
    placeholder="e.g. currency.update"
    slotProps={{ htmlInput: { 'data-testid': 'audit-filter-action' } }}
  />,
  <SelectInput
    key="entityType"
    source="entityType"
    label="Entity type"
    alwaysOn
    helperText={false}
    emptyText="All types"
    choices={ENTITY_TYPES.map((type) => ({ id: type, name: fieldLabel(type) }))}
    data-testid="audit-filter-entity-type"
  />,
  <TextInput
    key="entityId"
    source="entityId"
    label="Entity ID"
    alwaysOn
    resettable
    helperText={false}
    slotProps={{ htmlInput: { 'data-testid': 'audit-filter-entity-id' } }}
  />,
  <DateInput
    key="from"
    source="from"
    label="From"
    alwaysOn
    helperText={false}
    slotProps={{ htmlInput: { 'data-testid': 'audit-filter-from' } }}
  />,
  <DateInput
    key="to"
    source="to"
    label="To"
    alwaysOn
    helperText={false}
    slotProps={{ htmlInput: { 'data-testid': 'audit-filter-to' } }}
  />,
]

/** "currency #3": what an entry changed. */
const entityText = (entry: AuditEntry) =>
  `${fieldLabel(entry.entityType)}${entry.entityId ? ` #${entry.entityId}` : ''}`

/** A clicked entry: who did what when, and every changed field, before → after. */
function EntryDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const { dateFormat } = useFormatting()
  const title = entry ? `${entry.action} · ${entityText(entry)}` : ''
  return (
    <InfoDialog open={entry !== null} title={title} testId="audit-entry-dialog" onClose={onClose}>
      {entry ? (
        <Box data-testid="audit-entry-changes">
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {auditTime(entry.at, dateFormat)} by {entry.actor}
          </Typography>
          <ChangeList entry={entry} />
        </Box>
      ) : null}
    </InfoDialog>
  )
}

const Col = DataTable.Col<AuditEntry>
const AuditBody = bodyWithRowTestId('audit-row')

/** /admin/settings/audit-log: every write by an administrator or operator, newest first. */
export function AuditLogPage() {
  const { dateFormat } = useFormatting()
  const [opened, setOpened] = useState<AuditEntry | null>(null)
  return (
    <>
      <PageHeader
        title="Audit Log"
        subtitle="Every change made by administrators and operators, newest first. Open a row to see the values before and after."
        back="settings"
      />
      <CardList
        resource="audit-log"
        what="the audit log"
        filters={filters}
        toolbar={<ListExport what="audit entries" />}
        sort={{ field: 'at', order: 'DESC' }}
        aside={<AuditSidebar />}
        perPage={25}
        pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
        // A narrow window scrolls the table inside its card, not the page.
        sx={{
          '& form': { px: 2, flexWrap: 'wrap' },
          '& .RaList-main': { minWidth: 0 },
          '& .RaList-content': { overflowX: 'auto' },
        }}
      >
        <DataTable
          bulkActionButtons={false}
          body={AuditBody}
          rowClick={(_id, _resource, record) => {
            setOpened(record as AuditEntry)
            return false
          }}
          empty={<ListEmpty text="No audit entries match these filters" testId="audit-empty" />}
          sx={{ '& th, & td': { px: 1 } }}
        >
          <Col
            source="at"
            label="When"
            render={(entry) => auditTime(entry.at, dateFormat)}
            cellSx={() => ({ whiteSpace: 'nowrap' })}
          />
          <Col source="actor" label="Who" />
          <Col source="action" label="Action" cellSx={() => ({ fontFamily: 'monospace' })} />
          <Col source="entityType" label="Entity" render={entityText} />
          <Col
            label="Changed fields"
            disableSort
            render={(entry) => (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {fieldChanges(entry)
                  .map((change) => fieldLabel(change.field))
                  .join(', ') || '—'}
              </Typography>
            )}
          />
          <Col
            label="Details"
            render={(entry) => (
              <Button
                size="small"
                aria-label={`View details of entry ${entry.id}`} // starts with its visible text (WCAG 2.5.3)
                onClick={(event) => {
                  event.stopPropagation()
                  setOpened(entry)
                }}
                data-testid="audit-entry-open"
              >
                View
              </Button>
            )}
          />
        </DataTable>
      </CardList>
      <EntryDialog entry={opened} onClose={() => setOpened(null)} />
    </>
  )
}
