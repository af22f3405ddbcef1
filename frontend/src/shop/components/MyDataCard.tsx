import { useState } from 'react'
import { Button, Card, CardContent, Stack, Typography } from '@mui/material'
import EditOutlinedIcon from '@mui/icons-material/EditOutlined'
import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined'
import type { MemberDetails } from '../shopApi'
import { EmailDialog } from './EmailDialog'
import { InfoRow } from './InfoRow'
import { useShopText } from '../i18n/useShopText'

/**
 * The member area's "Your details" (docs/privacy.md): the email can be changed after migration
 * too, and "Download my data" gives everything held about the family as PDF or JSON.
 */
export function MyDataCard({
  details,
  onSaved,
}: {
  details: MemberDetails
  onSaved: (details: MemberDetails) => void
}) {
  const { t } = useShopText()
  const [emailOpen, setEmailOpen] = useState(false)
  const { member } = details
  return (
    <Card data-testid="my-data">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('myData.title')}
        </Typography>
        <Stack
          direction="row"
          sx={{ alignItems: 'flex-end', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
        >
          <InfoRow label={t('field.email')} value={member.email} testId="area-email" />
          <Button
            size="small"
            startIcon={<EditOutlinedIcon />}
            onClick={() => setEmailOpen(true)}
            data-testid="area-edit-email"
          >
            {t('dashboard.updateEmail')}
          </Button>
        </Stack>
        <Typography color="text.secondary" sx={{ mt: 2, mb: 1 }}>
          {t('myData.intro')}
        </Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          <Button
            variant="outlined"
            startIcon={<DownloadOutlinedIcon />}
            href="/api/member/my-data/pdf"
            data-testid="download-my-data-pdf"
          >
            {t('myData.downloadPdf')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<DownloadOutlinedIcon />}
            href="/api/member/my-data"
            data-testid="download-my-data-json"
          >
            {t('myData.downloadJson')}
          </Button>
        </Stack>
      </CardContent>
      <EmailDialog
        key={String(emailOpen)}
        open={emailOpen}
        current={member.personal_email}
        onClose={() => setEmailOpen(false)}
        onSaved={onSaved}
      />
    </Card>
  )
}
