import { useEffect } from 'react'
import { useBlocker, useTranslate } from 'react-admin'

/**
 * react-admin's unsaved-changes warning for a screen whose pending edits are not a react-hook-form
 * (Settings' save bar): leaving for another path, or closing the tab, asks first.
 */
export function useWarnWhenDirty(dirty: boolean) {
  const translate = useTranslate()
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname
  )

  useEffect(() => {
    if (blocker.state !== 'blocked') return
    if (window.confirm(translate('ra.message.unsaved_changes'))) blocker.proceed?.()
    else blocker.reset?.()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocker.state])

  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])
}
