import { useQuery } from '@tanstack/react-query'
import { LinearProgress, Stack, Typography } from '@mui/material'
import { LoadError } from '../../components/list/ListStates'
import { SectionCard } from '../../components/SectionCard'
import { auditTime } from '../../audit/auditText'
import { useAdminTools } from '../../components/useAdminTools'

/** What the member accepted before paying: words, version, language, time and IP. */
export function ConsentCard({ migrationId }: { migrationId: number | string }) {
  const { dataProvider, dateFormat } = useAdminTools()
  const {
    data: consents,
    error,
    isPending,
    refetch,
  } = useQuery({
    queryKey: ['migrations', 'consents', String(migrationId)],
    queryFn: async () => (await dataProvider.consents(migrationId)).consents,
  })
  return (
    <SectionCard title="Consent" data-testid="migration-consent">
      {error ? (
        <LoadError what="the consent" error={error} onRetry={refetch} testId="consent-error" />
      ) : isPending || !consents ? (
        <LinearProgress aria-label="Loading the consent" />
      ) : consents.length === 0 ? (
        <Typography color="text.secondary">
          No consent recorded: no payment can be taken for this checkout.
        </Typography>
      ) : (
        <Stack spacing={2}>
          {consents.map((consent) => (
            <Stack
              key={consent.textVersion}
              spacing={0.5}
              data-testid={`consent-${consent.textVersion}`}
            >
              <Typography variant="body2" color="text.secondary">
                {`Accepted ${auditTime(consent.acceptedAt, dateFormat)} · version ${consent.textVersion} · language ${consent.language} · IP ${consent.ip}`}
              </Typography>
              <Typography variant="body2">{consent.text}</Typography>
            </Stack>
          ))}
        </Stack>
      )}
    </SectionCard>
  )
}
