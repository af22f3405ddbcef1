import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Alert, Box, Button, Card, CardContent, Grid, Stack, Typography } from '@mui/material'
import ArrowForwardIcon from '@mui/icons-material/ArrowForward'
import EditOutlinedIcon from '@mui/icons-material/EditOutlined'
import { formatDate, formatMoney } from '../../common/format'
import { useFormatting } from '../../common/formatting'
import { useToast } from '../../common/toast'
import { ShopLayout } from '../components/ShopLayout'
import { LogoutButton } from '../components/LogoutButton'
import { EmailDialog } from '../components/EmailDialog'
import { InfoRow } from '../components/InfoRow'
import { FamilyMembers } from '../components/FamilyMembers'
import { Loading } from '../components/Loading'
import { useMemberDetails } from '../useMemberDetails'

export const EMAIL_TIP =
  'Tip: add a personal email address so your policy documents keep reaching you.'

export function DashboardPage() {
  const navigate = useNavigate()
  const toast = useToast()
  const { dateFormat } = useFormatting()
  const { details, setDetails } = useMemberDetails({ checkBlocked: true })
  const [emailOpen, setEmailOpen] = useState(false)
  const tipShown = useRef(false)

  useEffect(() => {
    if (details?.member.requiresPersonalEmail && !tipShown.current) {
      tipShown.current = true
      toast.info(EMAIL_TIP, { duration: 5000, announce: 'polite' })
    }
  }, [details, toast])

  if (!details) return <Loading />
  const { member, relatedMembers } = details

  return (
    <ShopLayout maxWidth="lg" actions={<LogoutButton />}>
      <Stack spacing={3}>
        <Box>
          <Typography variant="h4" component="h1" data-testid="dashboard-title">
            Welcome, {member.insured_full_name}
          </Typography>
          <Typography color="text.secondary">
            Review your current coverage and family, then start your migration to the new coverage.
          </Typography>
        </Box>
        {member.requiresPersonalEmail ? (
          // Part of the page, not news: only the tip toast is announced, politely (issue 27 §17).
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
                Add email
              </Button>
            }
          >
            Please give us a personal email address for your confirmation and documents.
          </Alert>
        ) : null}
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Card sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  Member details
                </Typography>
                <Grid container spacing={2}>
                  <Grid size={6}>
                    <InfoRow label="Name" value={member.insured_full_name} />
                  </Grid>
                  <Grid size={6}>
                    <InfoRow label="Member ID" value={member.member_id} testId="member-id" />
                  </Grid>
                  <Grid size={6}>
                    <InfoRow
                      label="Date of birth"
                      value={formatDate(member.date_of_birth, dateFormat)}
                      testId="member-dob"
                    />
                  </Grid>
                  <Grid size={6}>
                    <InfoRow label="Role" value={member.insured_role} />
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
                      <InfoRow label="Email" value={member.email} testId="member-email" />
                      <Button
                        size="small"
                        startIcon={<EditOutlinedIcon />}
                        onClick={() => setEmailOpen(true)}
                        data-testid="edit-email"
                      >
                        Update email
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
                  Previous coverage
                </Typography>
                <Grid container spacing={2}>
                  <Grid size={6}>
                    <InfoRow
                      label="Product"
                      value={
                        member.product_alias
                          ? `${member.product_name} (${member.product_alias})`
                          : member.product_name
                      }
                    />
                  </Grid>
                  <Grid size={6}>
                    <InfoRow label="Plan" value={member.plan_name} />
                  </Grid>
                  <Grid size={6}>
                    <InfoRow
                      label="Sum insured"
                      value={
                        member.sum_insured === null
                          ? null
                          : formatMoney(member.sum_insured, member.premium_currency ?? 'USD')
                      }
                    />
                  </Grid>
                  <Grid size={6}>
                    <InfoRow
                      label="Annual premium"
                      value={
                        member.final_premium === null
                          ? null
                          : formatMoney(member.final_premium, member.premium_currency ?? 'USD')
                      }
                    />
                  </Grid>
                  <Grid size={6}>
                    <InfoRow
                      label="Policy end date"
                      value={formatDate(member.policy_end_date, dateFormat)}
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
              Family members
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
            Start Migration Process
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
