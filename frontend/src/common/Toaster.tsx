import { forwardRef, useEffect } from 'react'
import {
  closeSnackbar,
  enqueueSnackbar,
  MaterialDesignContent,
  SnackbarProvider,
  type CustomContentProps,
} from 'notistack'
import type { Announce, CloseAll, Show } from './toast'

// 'off': still a status region (so axe counts it as a region), but one that is not read out.
const ROLES: Record<Announce, { role: string; live?: 'off' }> = {
  assertive: { role: 'alert' },
  polite: { role: 'status' },
  off: { role: 'status', live: 'off' },
}

/**
 * notistack's own toast, whose role (always "alert") is replaced by the one its caller asked for
 * (`announce`, toast.tsx): a tip is polite, and a message the page already announces (a form's
 * alert) is not read a second time. The role is set in the commit that inserts the toast, before
 * the browser builds its accessibility tree.
 */
const AnnouncedContent = forwardRef<HTMLDivElement, CustomContentProps & { announce?: Announce }>(
  function AnnouncedContent({ announce, ...props }, ref) {
    const withRole = (node: HTMLDivElement | null) => {
      const chosen = announce ? ROLES[announce] : null
      if (node && chosen) {
        node.setAttribute('role', chosen.role)
        if (chosen.live) node.setAttribute('aria-live', chosen.live)
      }
      if (typeof ref === 'function') ref(node)
      else if (ref) ref.current = node
    }
    return <MaterialDesignContent {...props} ref={withRole} />
  }
)

const COMPONENTS = {
  default: AnnouncedContent,
  success: AnnouncedContent,
  error: AnnouncedContent,
  warning: AnnouncedContent,
  info: AnnouncedContent,
}

/** notistack's provider, loaded lazily by ToastProvider (toast.tsx), which passes its queue's `ready`. */
export default function Toaster({
  onReady,
}: {
  onReady: (show: Show | null, close?: CloseAll | null) => void
}) {
  useEffect(() => {
    onReady(
      (message, options) => enqueueSnackbar(message, options),
      () => closeSnackbar()
    )
    return () => onReady(null)
  }, [onReady])
  return (
    <SnackbarProvider
      maxSnack={3}
      autoHideDuration={4000}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      classes={{ containerRoot: 'toast-container' }}
      Components={COMPONENTS}
    />
  )
}
