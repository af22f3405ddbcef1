import type { ReactNode } from 'react'
import { SnackbarProvider, useSnackbar, type VariantType } from 'notistack'

/** Toasts: top right, 4 seconds, at most 3 visible (member-shop.md §9). */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider maxSnack={3} autoHideDuration={4000} anchorOrigin={{ vertical: 'top', horizontal: 'right' }}>
      {children}
    </SnackbarProvider>
  )
}

export function useToast() {
  const { enqueueSnackbar } = useSnackbar()
  const show = (variant: VariantType) => (message: string, options: { duration?: number } = {}) =>
    enqueueSnackbar(message, { variant, autoHideDuration: options.duration ?? 4000 })
  return { success: show('success'), error: show('error'), info: show('info'), warning: show('warning') }
}
