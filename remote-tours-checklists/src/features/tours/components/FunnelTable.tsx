import type { ReactNode } from 'react';
import { Box, Card, HStack, Heading, Text, chakra } from 'shared-ui';
import { useFormatters, useTranslation } from 'shared-i18n';

/** The view screens' table cells (a tour's and a checklist's tables look alike). */
export const th = { textAlign: 'start', fontSize: 'xs', fontWeight: 'semibold', color: 'fg.muted', px: '2', py: '2', borderBottomWidth: '1px' } as const;
export const td = { px: '2', py: '2', borderBottomWidth: '1px', fontSize: 'sm', verticalAlign: 'middle' } as const;

/** One titled card of a view screen (the funnel, the people, the missing elements, what visitors see). */
export function ViewCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline">
      <Card.Header pb="0">
        <Heading as="h2" size="md">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** A table's column headers (`end`: a number column, aligned to the end). */
export function ColumnHeaders({ columns }: { columns: readonly { label: string; end?: boolean }[] }) {
  return (
    <chakra.thead>
      <chakra.tr>
        {columns.map(({ label, end }) => (
          <chakra.th key={label} scope="col" {...th} {...(end ? { textAlign: 'end' } : {})}>
            {label}
          </chakra.th>
        ))}
      </chakra.tr>
    </chakra.thead>
  );
}

export interface FunnelStage {
  label: string;
  count: number;
  testId: string;
}

/**
 * A funnel as a table (tours: started, each step, completed…; checklists: saw it, each task, all
 * done): each stage's visitors and their share of the first stage's `base`, as a bar.
 */
export function FunnelTable({
  testId,
  caption,
  headers,
  base,
  stages,
}: {
  testId: string;
  caption: string;
  headers: { stage: string; visitors: string; share: string };
  base: number;
  stages: FunnelStage[];
}) {
  const { t } = useTranslation('toursChecklists');
  const { number } = useFormatters();
  return (
    <chakra.table w="full" borderCollapse="collapse" data-testid={testId}>
      <chakra.caption textAlign="start" fontSize="sm" color="fg.muted" pb="2">
        {caption}
      </chakra.caption>
      <ColumnHeaders columns={[{ label: headers.stage }, { label: headers.visitors, end: true }, { label: headers.share }]} />
      <chakra.tbody>
        {stages.map(({ label, count, testId: rowId }) => {
          const share = base > 0 ? Math.round((count / base) * 100) : 0;
          return (
            <chakra.tr key={rowId} data-testid={rowId}>
              <chakra.th scope="row" {...td} fontWeight="medium" textAlign="start">
                {label}
              </chakra.th>
              <chakra.td {...td} textAlign="end" data-testid={`${rowId}-count`}>
                {number(count)}
              </chakra.td>
              <chakra.td {...td} w="40%">
                <HStack gap="2">
                  <Box flex="1" h="2" bg="bg.muted" borderRadius="full" overflow="hidden" aria-hidden>
                    <Box h="full" bg="brand.solid" style={{ width: `${share}%` }} />
                  </Box>
                  <Text fontSize="xs" minW="10" textAlign="end">
                    {t('tours.view.share', { share })}
                  </Text>
                </HStack>
              </chakra.td>
            </chakra.tr>
          );
        })}
      </chakra.tbody>
    </chakra.table>
  );
}
