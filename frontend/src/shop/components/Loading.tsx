import { Box, CircularProgress } from '@mui/material'
import { ShopLayout } from './ShopLayout'

export function Loading() {
  return (
    <ShopLayout>
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
        <CircularProgress />
      </Box>
    </ShopLayout>
  )
}
