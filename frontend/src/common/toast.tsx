import type { ReactNode } from 'react'
import { GlobalStyles } from '@mui/material'
import { SnackbarProvider, useSnackbar, type VariantType } from 'notistack'

/**
 * WCAG 2.1 AA: white text on each toast colour reaches at least 4.5:1 (notistack's own green,
 * blue and orange do not), and toasts start below the header so they never cover Logout. Toasts
 * carry no action, so they let clicks through: a toast never stands between a user and a button
 * (the back-office's Block/Unblock sit where toasts appear).
 */
const TOAST_STYLES = {
  '.toast-container.toast-container': { top: 'var(--toast-top, 96px)', pointerEvents: 'none' },
  '.toast-container.toast-container *': { pointerEvents: 'none' },
  '.notistack-MuiContent-success': { backgroundColor: '#1e6b34' },
  '.notistack-MuiContent-info': { backgroundColor: '#0b5cad' },
  '.notistack-MuiContent-warning': { backgroundColor: '#8a4500' },
  '.notistack-MuiContent-error': { backgroundColor: '#b3261e' },
}

/** Toasts: top right, 4 seconds, at most 3 visible (member-shop.md §9). */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <>
      <GlobalStyles styles={TOAST_STYLES} />
      <SnackbarProvider maxSnack={3} autoHideDuration={4000} anchorOrigin={{ vertical: 'top', horizontal: 'right' }} classes={{ containerRoot: 'toast-container' }}>
        {children}
      </SnackbarProvider>
    </>
  )
}

export function useToast() {
  const { enqueueSnackbar } = useSnackbar()
  const show = (variant: VariantType) => (message: string, options: { duration?: number } = {}) =>
    enqueueSnackbar(message, { variant, autoHideDuration: options.duration ?? 4000 })
  return { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') }
}
