import { Box, Typography } from '@mui/material'
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined'
import { shopApi, type MemberArea } from '../shopApi'
import { useShopText } from '../i18n/useShopText'
import { PdfLinkItem } from './PdfLinkItem'

/**
 * The credit note of every refund of the migration (issued by the portal for its own refunds and for
 * those made at the provider, docs/payments.md "Credit notes"), each one the PDF its email attached.
 */
export function CreditNotes({ notes }: { notes: MemberArea['creditNotes'] }) {
  const { t, money, date } = useShopText()
  if (notes.length === 0) return null
  return (
    <Box sx={{ mt: 2 }} data-testid="credit-notes">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('area.creditNotes')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {notes.map((note) => (
          <PdfLinkItem
            key={note.id}
            icon={<ReceiptLongOutlinedIcon color="action" aria-hidden />}
            href={shopApi.creditNoteUrl(note.id)}
            fileName={`credit-note-${note.number}.pdf`}
            testId={`credit-note-${note.id}`}
          >
            {t('area.creditNoteLine', {
              number: note.number,
              amount: money(note.amount, note.currency),
              date: date(note.issuedAt),
            })}
          </PdfLinkItem>
        ))}
      </Box>
    </Box>
  )
}
