import { Card, CardContent, Typography } from '@mui/material'
import { PageHeader } from './PageHeader'

/** Empty content area for a screen that is not built yet. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <CardContent>
          <Typography color="text.secondary">This screen is being built.</Typography>
        </CardContent>
      </Card>
    </>
  )
}
