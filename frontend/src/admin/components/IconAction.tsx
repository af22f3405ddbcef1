import type { ComponentType } from 'react'
import { IconButton, Tooltip, type IconButtonProps, type SvgIconProps } from '@mui/material'

/**
 * A list row's small icon button with its tooltip. One that can be disabled sits in a span: a
 * disabled button fires no events, so the tooltip listens on the span instead.
 */
export function IconAction({
  title,
  icon: Icon,
  ...button
}: IconButtonProps & { title: string; icon: ComponentType<SvgIconProps> }) {
  const action = (
    <IconButton size="small" {...button}>
      <Icon fontSize="small" />
    </IconButton>
  )
  return (
    <Tooltip title={title}>
      {button.disabled === undefined ? action : <span>{action}</span>}
    </Tooltip>
  )
}
