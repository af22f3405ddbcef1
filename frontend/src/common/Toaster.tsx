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

/** notistack gives every toast's message the same id (and describes the toast by it). */
const NOTISTACK_MESSAGE_ID = 'notistack-snackbar'

/**
 * Two toasts at once repeated notistack's message id (WCAG 4.1.1, found by HTML_CodeSniffer):
 * each toast's message gets its own, from the toast's key, and the toast is described by it.
 */
function giveOwnMessageId(node: HTMLDivElement, key: CustomContentProps['id']) {
  const own = `toast-message-${String(key).replace(/[^\w-]/g, '')}`
  node.querySelector(`#${NOTISTACK_MESSAGE_ID}`)?.setAttribute('id', own)
  if (node.getAttribute('aria-describedby') === NOTISTACK_MESSAGE_ID)
    node.setAttribute('aria-describedby', own)
}

/**
 * notistack's own toast, whose role (always "alert") is replaced by the one its caller asked for
 * (`announce`, toast.tsx): a tip is polite, and a message the page already announces (a form's
 * alert) is not read a second time. The role and the message's own id are set in the commit that
 * inserts the toast, before the browser builds its accessibility tree.
 */
const AnnouncedContent = forwardRef<HTMLDivElement, CustomContentProps & { announce?: Announce }>(
  function AnnouncedContent({ announce, ...props }, ref) {
    const withRole = (node: HTMLDivElement | null) => {
      const chosen = announce ? ROLES[announce] : null
      if (node) giveOwnMessageId(node, props.id)
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
