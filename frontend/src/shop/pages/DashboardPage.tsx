import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Alert, Box, Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material'
import ArrowForwardIcon from '@mui/icons-material/ArrowForward'
import EditOutlinedIcon from '@mui/icons-material/EditOutlined'
import { useToast } from '../../common/toast'
import { ShopLayout } from '../components/ShopLayout'
import { LogoutButton } from '../components/LogoutButton'
import { EmailDialog } from '../components/EmailDialog'
import { InfoRow } from '../components/InfoRow'
import { FamilyMembers } from '../components/FamilyMembers'
import { Loading } from '../components/Loading'
import { useMemberDetails } from '../useMemberDetails'
import { useShopText } from '../i18n/useShopText'

export function DashboardPage() {
  const navigate = useNavigate()
  const toast = useToast()
  const text = useShopText()
  const { t, money, date } = text
  const { details, setDetails } = useMemberDetails({ checkBlocked: true })
  const [emailOpen, setEmailOpen] = useState(false)
  const tipShown = useRef(false)

  useEffect(() => {
    if (details?.member.requiresPersonalEmail && !tipShown.current) {
      tipShown.current = true
      toast.info(t('dashboard.emailTip'), { duration: 5000, announce: 'polite' })
    }
  }, [details, toast, t])

  if (!details) return <Loading />
  const { member, relatedMembers } = details

  return (
    <ShopLayout maxWidth="lg" actions={<LogoutButton />}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h4" component="h1" data-testid="dashboard-title">
            {t('dashboard.welcome', { name: member.insured_full_name })}
          </Typography>
          <Typography color="text.secondary">{t('dashboard.intro')}</Typography>
        </Box>
        {member.requiresPersonalEmail ? (
          // Part of the page, not news: only the tip toast is announced, politely.
          <Alert
            severity="info"
            role="note"
            data-testid="personal-email-alert"
            action={
              <Button
                color="inherit"
                size="small"
                onClick={() => setEmailOpen(true)}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {t('dashboard.addEmail')}
              </Button>
            }
          >
            {t('dashboard.personalEmailAlert')}
          </Alert>
        ) : null}
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  {t('dashboard.memberDetails')}
                </Typography>
                <Grid container spacing={2}>
                  <Grid size={6}>
                    <InfoRow label={t('field.name')} value={member.insured_full_name} />
                  </Grid>
                  <Grid size={6}>
                    <InfoRow
                      label={t('login.memberId')}
                      value={member.member_id}
                      testId="member-id"
                    />
                  </Grid>
                  <Grid size={6}>
                    <InfoRow
                      label={t('dob.label')}
                      value={date(member.date_of_birth)}
                      testId="member-dob"
                    />
                  </Grid>
                  <Grid size={6}>
                    <InfoRow label={t('field.role')} value={text.role(member.insured_role)} />
                  </Grid>
                  <Grid size={12}>
                    <Stack
                      direction="row"
                      sx={{
                        alignItems: 'flex-end',
                        justifyContent: 'space-between',
                        flexWrap: 'wrap',
                        gap: 1,
                      }}
                    >
                      <InfoRow
                        label={t('field.email')}
                        value={member.email}
                        testId="member-email"
                      />
                      <Button
                        size="small"
                        startIcon={<EditOutlinedIcon />}
                        onClick={() => setEmailOpen(true)}
                        data-testid="edit-email"
                      >
                        {t('dashboard.updateEmail')}
                      </Button>
                    </Stack>
                  </Grid>
                </Grid>
              </CardContent>
            </Card>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  {t('dashboard.previousCoverage')}
                </Typography>
                <Grid container spacing={2}>
                  <Grid size={6}>
                    <InfoRow
                      label={t('field.product')}
                      value={
                        member.product_alias
                          ? t('dashboard.productWithAlias', {
                              product: member.product_name,
                              alias: member.product_alias,
                            })
                          : member.product_name
                      }
                    />
                  </Grid>
                  <Grid size={6}>
                    <InfoRow label={t('field.plan')} value={member.plan_name} />
                  </Grid>
                  <Grid size={6}>
                    <InfoRow
                      label={t('field.sumInsured')}
                      value={
                        member.sum_insured === null
                          ? null
                          : money(member.sum_insured, member.premium_currency ?? 'USD')
                      }
                    />
                  </Grid>
                  <Grid size={6}>
                    <InfoRow
                      label={t('field.annualPremium')}
                      value={
                        member.final_premium === null
                          ? null
                          : money(member.final_premium, member.premium_currency ?? 'USD')
                      }
                    />
                  </Grid>
                  <Grid size={6}>
                    <InfoRow
                      label={t('field.policyEndDate')}
                      value={date(member.policy_end_date)}
                    />
                  </Grid>
                </Grid>
              </CardContent>
            </Card>
          </Grid>
        </Grid>
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('dashboard.family')}
            </Typography>
            <FamilyMembers members={relatedMembers} />
          </CardContent>
        </Card>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            variant="contained"
            size="large"
            endIcon={<ArrowForwardIcon />}
            onClick={() => navigate('/shop/select')}
            data-testid="start-migration"
          >
            {t('dashboard.start')}
          </Button>
        </Box>
      </Stack>
      <EmailDialog
        key={String(emailOpen)}
        open={emailOpen}
        current={member.personal_email}
        onClose={() => setEmailOpen(false)}
        onSaved={setDetails}
      />
    </ShopLayout>
  )
}
