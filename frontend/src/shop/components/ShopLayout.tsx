import type { ReactNode } from 'react'
import { Box, Container, Typography } from '@mui/material'
import { useBranding } from '../../common/branding'

/** Frame of every shop screen: brand header, content, support footer. */
export function ShopLayout({ children, maxWidth = 'md', actions }: { children: ReactNode; maxWidth?: 'sm' | 'md' | 'lg'; actions?: ReactNode }) {
  const { branding } = useBranding()
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', py: 2, boxShadow: 1 }}>
        <Container maxWidth="lg" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          {branding.logoUrl ? <Box component="img" src={branding.logoUrl} alt="" sx={{ height: 40, borderRadius: 1, bgcolor: '#fff', p: 0.5 }} /> : null}
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="h6" component="div" data-testid="brand-name">
              {branding.brandName}
            </Typography>
            <Typography variant="body2" sx={{ opacity: 0.85 }}>
              {branding.tagline}
            </Typography>
          </Box>
          {actions}
        </Container>
      </Box>
      <Container component="main" maxWidth={maxWidth} sx={{ flexGrow: 1, py: { xs: 3, md: 5 } }}>
        {children}
      </Container>
      <Box component="footer" sx={{ py: 3, textAlign: 'center', color: 'text.secondary', fontSize: 14 }}>
        Questions? <a href={`mailto:${branding.supportEmail}`}>{branding.supportEmail}</a>
        {' · '}
        <a href={branding.websiteUrl} target="_blank" rel="noreferrer">
          {branding.websiteUrl.replace(/^https?:\/\//, '')}
        </a>
      </Box>
    </Box>
  )
}
