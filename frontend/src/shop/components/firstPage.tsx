import type { MouseEvent, ReactNode } from 'react'
import Box from '@mui/material/Box'
import { alpha, type SxProps, type Theme } from '@mui/material/styles'
import { useHref, useLinkClickHandler } from 'react-router-dom'

/*
 * Stand-ins for the MUI and React Router parts of the shop's first page (sign-in and its frame)
 * whose modules cost more than what the page uses of them (docs/benchmarks.md, "fourth pass"):
 * each draws the same markup and CSS as the original, from parts the page loads anyway.
 */

type Sx = SxProps<Theme>

/**
 * MUI Stack's CSS (without useFlexGap: the children's margins, the first one's reset), on a Box:
 * Stack's module and createStack cost ~0.5 KB gz for three uses.
 */
export function stackSx(spacing: number, direction: 'row' | 'column' = 'column') {
  return {
    'display': 'flex',
    'flexDirection': direction,
    '& > :not(style):not(style)': { margin: 0 },
    '& > :not(style) ~ :not(style)': direction === 'row' ? { ml: spacing } : { mt: spacing },
  } as const
}

/** MUI Container's CSS (gutters 16/24 px, centred, max width from `maxWidth` up), on a Box. */
export function containerSx(maxWidth: 'sm' | 'md' | 'lg') {
  return {
    width: '100%',
    ml: 'auto',
    boxSizing: 'border-box',
    mr: 'auto',
    px: { xs: 2, sm: 3 },
    maxWidth: { [maxWidth]: `${{ sm: 600, md: 900, lg: 1200 }[maxWidth]}px` },
  } as const
}

/** MUI's LockOutlined icon (SvgIcon, medium, primary colour) without SvgIcon's module. */
export function LockIcon() {
  return (
    <Box
      component="svg"
      focusable="false"
      aria-hidden="true"
      viewBox="0 0 24 24"
      sx={{
        userSelect: 'none',
        width: '1em',
        height: '1em',
        display: 'inline-block',
        flexShrink: 0,
        fill: 'currentColor',
        fontSize: '1.5rem',
        color: 'primary.main',
      }}
    >
      <path d="M18 8h-1V6c0-2.76-2.24-5-5-5S7 3.24 7 6v2H6c-1.1 0-2 .9-2 2v10c0 1.1.9 2 2 2h12c1.1 0 2-.9 2-2V10c0-1.1-.9-2-2-2M9 6c0-1.66 1.34-3 3-3s3 1.34 3 3v2H9zm9 14H6V10h12zm-6-3c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2" />
    </Box>
  )
}

/**
 * A MUI Link to an in-app address, as `<Link component={RouterLink}>` behaves (href, client-side
 * navigation on a plain click, a new tab with a modifier), from React Router's click handler:
 * its Link component brings the framework mode's prefetching and error boundaries along. Drawn
 * with MUI Link's CSS (primary colour, underline at 40 %, full on hover) without its module.
 */
export function InAppLink({ to, sx, children }: { to: string; sx?: Sx; children: ReactNode }) {
  const href = useHref(to)
  const onClick = useLinkClickHandler<HTMLAnchorElement>(to)
  return (
    <Box
      component="a"
      href={href}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => onClick(event)}
      sx={[
        (theme) => ({
          'color': 'primary.main',
          'textDecoration': 'underline',
          'textDecorationColor': alpha(theme.palette.primary.main, 0.4),
          '&:hover': { textDecorationColor: 'inherit' },
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {children}
    </Box>
  )
}
