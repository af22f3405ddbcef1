import { Box, Link, Typography } from '@mui/material'
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined'
import { shopApi, type MemberArea } from '../shopApi'
import { useShopText } from '../i18n/useShopText'

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
          <Box
            component="li"
            key={note.id}
            sx={{
              py: 0.75,
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              overflowWrap: 'anywhere',
            }}
          >
            <ReceiptLongOutlinedIcon color="action" aria-hidden />
            <Link
              href={shopApi.creditNoteUrl(note.id)}
              download={`credit-note-${note.number}.pdf`}
              data-testid={`credit-note-${note.id}`}
            >
              {t('area.creditNoteLine', {
                number: note.number,
                amount: money(note.amount, note.currency),
                date: date(note.issuedAt),
              })}
            </Link>
            <Typography
              component="span"
              variant="body2"
              color="text.secondary"
              sx={{ flexShrink: 0 }}
            >
              {t('common.pdfNote')}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  )
}
