import { useCallback, useImperativeHandle, useRef, type ComponentType, type Ref } from 'react'
import type { TouchRippleActions, TouchRippleProps } from '@mui/material/ButtonBase/TouchRipple'
import { onDemand } from './onDemand'

type Props = TouchRippleProps & { ref?: Ref<TouchRippleActions> }

// Typed by MUI as a render function; at run time it is the forwardRef component ButtonBase draws.
const RealTouchRipple = onDemand(
  () =>
    import('@mui/material/ButtonBase/TouchRipple') as unknown as Promise<{
      default: ComponentType<Props>
    }>
)

type Call = [keyof TouchRippleActions, unknown[]]

/**
 * ButtonBase's ripple (~2.5 KB gz), in the shop's build only. MUI mounts it at the first press or
 * keyboard focus of a button and then calls start/stop/pulsate on it; the calls made before its
 * chunk has arrived wait here and are replayed in order, so the first press still ripples.
 */
export default function TouchRipple({ ref, ...props }: Props) {
  const real = useRef<TouchRippleActions | null>(null)
  const waiting = useRef<Call[]>([])
  const call =
    (name: keyof TouchRippleActions) =>
    (...args: unknown[]) => {
      if (real.current) (real.current[name] as (...a: unknown[]) => void)(...args)
      else waiting.current.push([name, args])
    }
  useImperativeHandle(
    ref,
    () =>
      ({
        start: call('start'),
        stop: call('stop'),
        pulsate: call('pulsate'),
      }) as TouchRippleActions,
    []
  )
  const attach = useCallback((instance: TouchRippleActions | null) => {
    real.current = instance
    if (!instance) return
    for (const [name, args] of waiting.current.splice(0))
      (instance[name] as (...a: unknown[]) => void)(...args)
  }, [])
  return <RealTouchRipple {...props} ref={attach} />
}
