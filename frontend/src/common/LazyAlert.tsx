import { lazy, Suspense } from 'react'
import type { AlertProps } from '@mui/material/Alert'

const Alert = lazy(() => import('@mui/material/Alert'))

/**
 * MUI's Alert, downloaded when one is first shown: the sign-in pages show one only after a failed
 * attempt or an expired session, so its first load leaves out Alert, its icons and IconButton
 * (docs/benchmarks.md).
 */
export function LazyAlert(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  )
}
