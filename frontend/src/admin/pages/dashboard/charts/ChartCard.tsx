import { useId, useState, type ReactNode } from 'react'
import {
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material'
import { SectionCard } from '../../../components/SectionCard'

const FILL = { height: '100%' }
const TABLE_SX = {
  'mt': 1,
  '& caption': { captionSide: 'top', px: 0 },
  '& td, & th': { px: { xs: 1, sm: 2 } },
}

/** A table row's cells: every head cell is a column header, a body row's first cell its row header. */
const cells = (row: ReactNode[], scope: 'col' | 'row') =>
  row.map((cell, column) => (
    <TableCell
      key={column}
      {...(scope === 'col' || column === 0 ? { component: 'th', scope } : {})}
    >
      {cell}
    </TableCell>
  ))

/**
 * A chart card. Its text alternative is the figure's caption, on the screen under the drawing (the
 * figures that matter in one line); "Show table" adds every value as a table.
 */
export function ChartCard(props: {
  title: string
  testId: string
  summary: string
  caption: string
  head: string[]
  rows: ReactNode[][]
  children: ReactNode
}) {
  const [showTable, setShowTable] = useState(false)
  const titleId = useId()
  const summaryId = useId()
  const tableId = useId()
  return (
    <SectionCard
      title={props.title}
      titleId={titleId}
      data-testid={props.testId}
      sx={FILL}
      actions={
        <Button
          size="small"
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          onClick={() => setShowTable((shown) => !shown)}
          aria-expanded={showTable}
          aria-controls={tableId}
        >
          {showTable ? 'Hide table' : 'Show table'}
        </Button>
      }
    >
      <Box component="figure" aria-labelledby={titleId} aria-describedby={summaryId} sx={{ m: 0 }}>
        {props.children}
        <Typography
          component="figcaption"
          id={summaryId}
          variant="body2"
          color="text.secondary"
          data-testid={`${props.testId}-summary`}
        >
          {props.summary}
        </Typography>
      </Box>
      <Box id={tableId} data-testid={`${props.testId}-table`}>
        {showTable ? (
          <Table size="small" sx={TABLE_SX}>
            <caption>{props.caption}</caption>
            <TableHead>
              <TableRow>{cells(props.head, 'col')}</TableRow>
            </TableHead>
            <TableBody>
              {props.rows.map((row, index) => (
                <TableRow key={index}>{cells(row, 'row')}</TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </Box>
    </SectionCard>
  )
}
