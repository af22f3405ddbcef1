import { Card, CardContent, Typography } from '@mui/material'
import { ShopLayout } from '../components/ShopLayout'

/** Stand-in for shop screens still being built. */
export function Placeholder({ title }: { title: string }) {
  return (
    <ShopLayout>
      <Card>
        <CardContent>
          <Typography variant="h5" component="h1">
            {title}
          </Typography>
        </CardContent>
      </Card>
    </ShopLayout>
  )
}
