import { useEffect, useRef, type ReactNode } from 'react'
import { Box, GlobalStyles, Typography } from '@mui/material'
import { DEFAULT_BRANDING, useBranding } from '../../common/branding'
import { containerSx } from './firstPage'
import { LanguageSwitcher } from '../i18n/LanguageSwitcher'
import { useShopText } from '../i18n/useShopText'

const focusRing = {
  '&:focus-visible': { outline: '3px solid currentColor', outlineOffset: 2, borderRadius: 2 },
}

/** Toasts start just below the header (common/toast.tsx), whatever its height on this screen. */
function useToastsBelow() {
  const header = useRef<HTMLElement>(null)
  useEffect(() => {
    const element = header.current
    if (!element) return
    const place = () =>
      document.documentElement.style.setProperty(
        '--toast-top',
        `${element.getBoundingClientRect().bottom + 8}px`
      )
    place()
    const observer = new ResizeObserver(place)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return header
}

/**
 * On phones a toast at the top covers the page's title for its 4–5 s: there toasts sit at the
 * bottom, above anything the page pins there (--toast-bottom: the select page's total bar),
 * so a message is seen where it is made. The selectors outrank common/toast.tsx's doubled ones.
 */
const PHONE_TOASTS = {
  '@media (max-width: 599.95px)': {
    '.toast-container.toast-container.toast-container': {
      top: 'auto',
      bottom: 'calc(var(--toast-bottom, 0px) + 8px)',
    },
  },
}

/**
 * German compounds ("Versicherungsschutz") in a heading on a phone: the page titles are a size
 * smaller below 600 px, and a word still wider than the screen is hyphenated or broken, never
 * pushed past the edge.
 */
const LONG_WORDS = {
  '& h1, & h2, & h3': { overflowWrap: 'break-word', hyphens: 'auto' },
  '& h1.MuiTypography-h4': { fontSize: { xs: '1.75rem', sm: '2.125rem' } },
} as const

/** Frame of every shop screen: brand header, content, support footer. */
export function ShopLayout({
  children,
  maxWidth = 'md',
  actions,
}: {
  children: ReactNode
  maxWidth?: 'sm' | 'md' | 'lg'
  actions?: ReactNode
}) {
  const { branding } = useBranding()
  const { t, rich } = useShopText()
  const header = useToastsBelow()
  // The defaults are the product's words, in the member's language; a configured name is a name.
  const brandName =
    branding.brandName === DEFAULT_BRANDING.brandName ? t('brand.defaultName') : branding.brandName
  const tagline =
    branding.tagline === DEFAULT_BRANDING.tagline ? t('brand.defaultTagline') : branding.tagline
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: 'background.default',
      }}
    >
      <GlobalStyles styles={PHONE_TOASTS} />
      <Box
        component="header"
        ref={header}
        sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: 2, boxShadow: 1 }}
      >
        <Box
          sx={{
            ...containerSx('lg'),
            display: 'flex',
            alignItems: 'center',
            flexWrap: 'wrap',
            gap: 2,
          }}
        >
          {branding.logoUrl ? (
            <Box
              component="img"
              src={branding.logoUrl}
              alt=""
              sx={{ height: 40, borderRadius: 1, bgcolor: '#fff', p: 0.5 }}
            />
          ) : null}
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography
              variant="h6"
              component="div"
              data-testid="brand-name"
              sx={{ overflowWrap: 'anywhere' }}
            >
              {brandName}
            </Typography>
            <Typography variant="body2" sx={{ opacity: 0.9, overflowWrap: 'anywhere' }}>
              {tagline}
            </Typography>
          </Box>
          <LanguageSwitcher />
          {actions}
        </Box>
      </Box>
      <Box
        component="main"
        sx={{ ...containerSx(maxWidth), flexGrow: 1, py: { xs: 3, md: 5 }, ...LONG_WORDS }}
      >
        {children}
      </Box>
      <Box
        component="footer"
        sx={{
          'py': 3,
          'px': 2,
          'textAlign': 'center',
          'color': 'text.secondary',
          'fontSize': 14,
          'overflowWrap': 'anywhere',
          '& a': { color: 'primary.dark', ...focusRing },
        }}
      >
        {rich('layout.footer', {
          email: branding.supportEmail,
          mail: (chunks) => <a href={`mailto:${branding.supportEmail}`}>{chunks}</a>,
        })}
        {' · '}
        <a href={branding.websiteUrl} target="_blank" rel="noreferrer">
          {branding.websiteUrl.replace(/^https?:\/\//, '')}
        </a>
      </Box>
    </Box>
  )
}
