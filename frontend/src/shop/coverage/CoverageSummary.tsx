import { useEffect, useState } from 'react'
import { Box, Card, CardContent, Link, Stack, Typography } from '@mui/material'
import { formatDate, formatMoney } from '../../common/format'
import { useFormatting } from '../../common/formatting'
import { shopApi, type CoverageTerms } from '../shopApi'
import { COVERAGE_TEXTS as T } from './coverageTexts'

/** GET /member/coverage once per page. */
export function useCoverage() {
  const [coverage, setCoverage] = useState<CoverageTerms | null>(null)
  useEffect(() => {
    shopApi.coverage().then(setCoverage, () => setCoverage(null))
  }, [])
  return coverage
}

/**
 * What the member buys, before paying (issue 25 §1): the one coverage name, limits in the
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
  const { dateFormat } = useFormatting()
  if (!coverage) return null
  const previous = [coverage.previousCoverage.productName, coverage.previousCoverage.planName]
    .filter(Boolean)
    .join(', ')
  return (
    <Card data-testid="coverage-summary">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {T.title}
        </Typography>
        <Stack spacing={1.5}>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {T.coverage}
            </Typography>
            <Typography sx={{ fontWeight: 600 }} data-testid="coverage-name">
              {coverage.coverageName}
            </Typography>
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {T.dates}
            </Typography>
            <Typography data-testid="coverage-dates">
              {startDate && endDate
                ? T.datesValue({
                    start: formatDate(startDate, dateFormat),
                    end: formatDate(endDate, dateFormat),
                  })
                : T.datesPending}
            </Typography>
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {T.overallLimit}
            </Typography>
            <Typography sx={{ fontWeight: 600 }} data-testid="coverage-limit">
              {coverage.overallLimit === null
                ? T.asPerPolicy
                : formatMoney(coverage.overallLimit, coverage.limitCurrency)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {T.limitNote({ currency: coverage.limitCurrency })}
            </Typography>
          </Box>
          <Box>
            <Typography variant="body2" color="text.secondary">
              {T.benefits}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {T.benefitList.map((benefit) => (
                <Typography component="li" variant="body2" key={benefit}>
                  {benefit}
                </Typography>
              ))}
            </Box>
            <Typography variant="body2" color="text.secondary">
              {T.limitsApply}
            </Typography>
          </Box>
          <Box data-testid="coverage-documents">
            <Typography variant="body2" color="text.secondary">
              {T.documents}
            </Typography>
            {coverage.documents.length === 0 ? (
              <Typography variant="body2">{T.documentsMissing}</Typography>
            ) : (
              <Stack>
                {coverage.documents.includes('conditions') ? (
                  <Link
                    href={shopApi.productDocumentUrl('conditions')}
                    target="_blank"
                    rel="noopener"
                    data-testid="conditions-link"
                  >
                    {T.conditions}
                  </Link>
                ) : null}
                {coverage.documents.includes('pre_contract') ? (
                  <Link
                    href={shopApi.productDocumentUrl('pre_contract')}
                    target="_blank"
                    rel="noopener"
                    data-testid="pre-contract-link"
                  >
                    {T.preContract}
                  </Link>
                ) : null}
              </Stack>
            )}
          </Box>
          <Typography variant="body2" data-testid="cooling-off">
            {T.coolingOff({ days: coverage.coolingOffDays })}
          </Typography>
          <Typography variant="body2" data-testid="previous-coverage">
            {previous ? T.previousCoverage({ previous }) : T.previousCoverageUnnamed}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  )
}
