import { useEffect } from 'react'
import { enqueueSnackbar, SnackbarProvider } from 'notistack'
import type { Show } from './toast'

/** notistack's provider, loaded lazily by ToastProvider (toast.tsx), which passes its queue's `ready`. */
export default function Toaster({ onReady }: { onReady: (show: Show | null) => void }) {
  useEffect(() => {
    onReady((message, options) => enqueueSnackbar(message, options))
    return () => onReady(null)
  }, [onReady])
  return <SnackbarProvider maxSnack={3} autoHideDuration={4000} anchorOrigin={{ vertical: 'top', horizontal: 'right' }} classes={{ containerRoot: 'toast-container' }} />
}
