import type { ReactNode } from 'react'
import { Box, Link, Typography } from '@mui/material'
import { useShopText } from '../i18n/useShopText'

/** One downloadable PDF of the member area (a policy document, a credit note): icon, link, "(PDF)". */
export function PdfLinkItem(props: {
  icon: ReactNode
  href: string
  fileName: string
  testId: string
  children: ReactNode
}) {
  const { t } = useShopText()
  return (
    <Box
      component="li"
      sx={{ py: 0.75, display: 'flex', alignItems: 'center', gap: 1, overflowWrap: 'anywhere' }}
    >
      {props.icon}
      <Link href={props.href} download={props.fileName} data-testid={props.testId}>
        {props.children}
      </Link>
      <Typography component="span" variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
        {t('common.pdfNote')}
      </Typography>
    </Box>
  )
}
