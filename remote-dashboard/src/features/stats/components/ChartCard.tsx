import { Suspense, type ReactNode } from 'react';
import { useFormatters } from 'shared-i18n';
import { Box, Card, Heading, SimpleGrid, Skeleton, Stack, Text } from 'shared-ui';

export interface Figure {
  /** data-testid of the figure's value. */
  testId: string;
  label: string;
  value: number;
}

/**
 * A titled card holding one chart, or its skeleton while the numbers load. `figures` are the
 * chart's totals written out above it: readable at a glance, by screen readers (a canvas says
 * nothing to them) and by tests.
 */
export function ChartCard({
  title,
  description,
  loading,
  testId,
  figures,
  children,
}: {
  title: string;
  description?: string;
  loading: boolean;
  testId: string;
  figures?: Figure[];
  children: ReactNode;
}) {
  const { number } = useFormatters();
  return (
    <Card.Root data-testid={testId} aria-busy={loading}>
      <Card.Header pb="2">
        <Heading size="md">{title}</Heading>
        {description && (
          <Text color="fg.muted" fontSize="sm">
            {description}
          </Text>
        )}
      </Card.Header>
      <Card.Body>
        {loading ? (
          <Skeleton h="260px" data-testid={`${testId}-skeleton`} />
        ) : (
          <Stack gap="3">
            {figures && (
              <SimpleGrid columns={figures.length} gap="2" textAlign="center">
                {figures.map((f) => (
                  <Stack key={f.testId} gap="0">
                    <Text fontSize="xs" color="fg.muted">
                      {f.label}
                    </Text>
                    <Text fontWeight="semibold" data-testid={f.testId} data-value={f.value}>
                      {number(f.value)}
                    </Text>
                  </Stack>
                ))}
              </SimpleGrid>
            )}
            <Box h="240px" position="relative">
              {/* No chart yet (it comes once the figures are painted, see DashboardScreen): its placeholder. */}
              <Suspense fallback={<Skeleton h="full" data-testid={`${testId}-chart-loading`} />}>
                {children || <Skeleton h="full" data-testid={`${testId}-chart-loading`} />}
              </Suspense>
            </Box>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
