import { useEffect, useState } from 'react'
import { Box, Card, CardContent, Link, Stack, Typography } from '@mui/material'
import { shopApi, type CoverageTerms } from '../shopApi'
import { useShopText } from '../i18n/useShopText'
import { BENEFITS } from './coverageTexts'

/** GET /member/coverage once per page. */
export function useCoverage() {
  const [coverage, setCoverage] = useState<CoverageTerms | null>(null)
  useEffect(() => {
    shopApi.coverage().then(setCoverage, () => setCoverage(null))
  }, [])
  return coverage
}

/**
 * What the member buys, before paying: the one coverage name, limits in the
 * currency the insurer set them in (never converted), the dates, the documents to read, the
 * cooling-off right and what happens to the current coverage.
 */
export function CoverageSummary({
  coverage,
  startDate,
  endDate,
}: {
  coverage: CoverageTerms | null
  startDate?: string
  endDate?: string
}) {
  const { t, money, date } = useShopText()
  if (!coverage) return null
  const previous = [coverage.previousCoverage.productName, coverage.previousCoverage.planName]
    .filter(Boolean)
    .join(', ')
  return (
    <Card data-testid="coverage-summary">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('coverage.title')}
        </Typography>
        <Stack spacing={1.5}>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {t('coverage.coverage')}
            </Typography>
            <Typography sx={{ fontWeight: 600 }} data-testid="coverage-name">
              {coverage.coverageName}
            </Typography>
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {t('coverage.dates')}
            </Typography>
            <Typography data-testid="coverage-dates">
              {startDate && endDate
                ? t('coverage.datesValue', { start: date(startDate), end: date(endDate) })
                : t('coverage.datesPending')}
            </Typography>
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {t('coverage.overallLimit')}
            </Typography>
            <Typography sx={{ fontWeight: 600 }} data-testid="coverage-limit">
              {coverage.overallLimit === null
                ? t('coverage.asPerPolicy')
                : money(coverage.overallLimit, coverage.limitCurrency)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('coverage.limitNote', { currency: coverage.limitCurrency })}
            </Typography>
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {t('coverage.benefits')}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {BENEFITS.map((benefit) => (
                <Typography component="li" variant="body2" key={benefit}>
                  {t(benefit)}
                </Typography>
              ))}
            </Box>
            <Typography variant="body2" color="text.secondary">
              {t('coverage.limitsApply')}
            </Typography>
          </Box>
          <Box data-testid="coverage-documents">
            <Typography variant="body2" color="text.secondary">
              {t('coverage.documents')}
            </Typography>
            {/* Without both documents the server refuses the checkout: say so before the member tries. */}
            {coverage.documents.length < 2 ? (
              <Typography variant="body2" role="status" data-testid="documents-missing">
                {t('coverage.documentsMissing')}
              </Typography>
            ) : null}
            {coverage.documents.length === 0 ? null : (
              <Stack>
                {coverage.documents.includes('conditions') ? (
                  <Link
                    href={shopApi.productDocumentUrl('conditions')}
                    target="_blank"
                    rel="noopener"
                    data-testid="conditions-link"
                  >
                    {t('coverage.conditions')}
                  </Link>
                ) : null}
                {coverage.documents.includes('pre_contract') ? (
                  <Link
                    href={shopApi.productDocumentUrl('pre_contract')}
                    target="_blank"
                    rel="noopener"
                    data-testid="pre-contract-link"
                  >
                    {t('coverage.preContract')}
                  </Link>
                ) : null}
              </Stack>
            )}
          </Box>
          <Typography variant="body2" data-testid="cooling-off">
            {t('coverage.coolingOff', { days: coverage.coolingOffDays })}
          </Typography>
          <Typography variant="body2" data-testid="previous-coverage">
            {previous ? t('coverage.previous', { previous }) : t('coverage.previousUnnamed')}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  )
}
