import { lazy, type ComponentType } from 'react'

/**
 * A page loaded on first use. `pick` chooses the component from the module (its default export
 * unless given), so a resource module exporting `{ list, show }` still loads as one chunk.
 */
export function lazyPage<M extends { default: unknown }>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType = (module) => module.default as ComponentType
): ComponentType {
  return lazy(() => load().then((module) => ({ default: pick(module) })))
}
