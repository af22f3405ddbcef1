import { useEffect, useReducer, type ComponentType } from 'react'

/**
 * A component downloaded the first time it is drawn, drawing nothing until then: for the parts of
 * MUI components that the shop's first page imports but never draws (frontend/vite.config.ts,
 * `muiPartsOnDemand`; docs/benchmarks.md). Unlike React.lazy it needs no Suspense
 * boundary, and once loaded it draws in the same render as its parent.
 */
export function onDemand<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let Loaded: ComponentType<P> | null = null
  let loading: Promise<unknown> | null = null
  const ensureLoaded = () =>
    (loading ??= load().then((module) => {
      Loaded = module.default
    }))

  function OnDemand(props: P) {
    const [, redraw] = useReducer((count: number) => count + 1, 0)
    useEffect(() => {
      if (!Loaded) void ensureLoaded().then(redraw)
    }, [])
    return Loaded ? <Loaded {...props} /> : null
  }
  return OnDemand
}
