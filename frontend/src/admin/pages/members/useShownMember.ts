import { useEffect } from 'react'
import { useSearchParams } from 'react-router-dom'

/**
 * `?show=<id>` on /admin/members (the app bar's search opens a member so): opens that member's
 * details once; closing them takes the parameter off the address again.
 */
export function useShownMember(open: (id: number) => void) {
  const [params, setParams] = useSearchParams()
  const shown = Number(params.get('show'))
  useEffect(() => {
    if (shown > 0) open(shown)
    // Opened once per id; `open` is a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown])
  return () => {
    if (!params.has('show')) return
    const next = new URLSearchParams(params)
    next.delete('show')
    setParams(next, { replace: true })
  }
}
