import { Box } from '@mui/material'
import CircularProgress from '../../common/onDemand/CircularProgress'
import { ShopLayout } from './ShopLayout'

/**
 * While a member page's chunk loads. The spinner comes with it rather than with the sign-in page,
 * which imports this fallback but never shows it (common/onDemand/).
 */
export function Loading() {
  return (
    <ShopLayout>
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
        <CircularProgress />
      </Box>
    </ShopLayout>
  )
}
