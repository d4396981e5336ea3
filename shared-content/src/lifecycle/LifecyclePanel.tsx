import type { ReactNode } from 'react';
import { Box, Heading, HStack } from 'shared-ui';

/** A panel beside an item's editor or view (its versions, "check a visitor"): a bordered section named by its heading. */
export function LifecyclePanel({
  testId,
  icon,
  title,
  headingMb,
  children,
}: {
  /** Also names its heading (`{testId}-heading`). */
  testId: string;
  icon: ReactNode;
  title: string;
  /** The space under the heading (an intro line may follow it closely). */
  headingMb: string;
  children: ReactNode;
}) {
  const headingId = `${testId}-heading`;
  return (
    <Box as="section" aria-labelledby={headingId} data-testid={testId} borderWidth="1px" borderRadius="md" p="4">
      <HStack gap="2" mb={headingMb}>
        {icon}
        <Heading as="h2" size="sm" id={headingId}>
          {title}
        </Heading>
      </HStack>
      {children}
    </Box>
  );
}
