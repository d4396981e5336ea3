import { KIND_COUNT_KEYS, type ServicesCount } from 'contracts';
import { useFormatters, useTranslation } from 'shared-i18n';
import { Card, SimpleGrid, Skeleton, Stat } from 'shared-ui';

/** Visitors connected, each kind's count (from the kinds' descriptors), then the e-mails' figures. */
export const COUNT_KEYS = [
  'usersConnected',
  ...KIND_COUNT_KEYS,
  'emailsSent',
  'emailsOpened',
  'emailsClicked',
] as const satisfies readonly (keyof ServicesCount)[];

/** servicesCount as figures: visitors connected in the range, and how many items each service has. */
export function StatCards({ counts, loading }: { counts: ServicesCount | null; loading: boolean }) {
  const { t } = useTranslation('dashboard');
  const { number } = useFormatters();
  return (
    <SimpleGrid columns={{ base: 2, md: 3, xl: 5 }} gap="4" data-testid="service-counts">
      {COUNT_KEYS.map((key) => (
        <Card.Root key={key} size="sm" data-testid={`stat-${key}`}>
          <Card.Body>
            <Stat.Root>
              <Stat.Label>{t(`counts.${key}`)}</Stat.Label>
              {loading || !counts ? (
                <Skeleton h="8" w="16" data-testid={`stat-${key}-skeleton`} />
              ) : (
                <Stat.ValueText data-testid={`stat-${key}-value`} data-value={counts[key]}>
                  {number(counts[key])}
                </Stat.ValueText>
              )}
            </Stat.Root>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
