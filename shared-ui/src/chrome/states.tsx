import type { ReactNode } from 'react';
import { Box, Button, Center, Heading, Spinner, Stack, Text } from '@chakra-ui/react';

/** A centred message with an optional action: empty lists, errors, unavailable sections. */
export function StatePanel({
  icon,
  title,
  description,
  action,
  tone = 'neutral',
  testId,
}: {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  tone?: 'neutral' | 'danger' | 'warning';
  testId?: string;
}) {
  const accent = tone === 'danger' ? 'red.fg' : tone === 'warning' ? 'orange.fg' : 'fg.muted';
  return (
    <Center py="16" px="6" data-testid={testId} role={tone === 'neutral' ? undefined : 'alert'}>
      <Stack align="center" gap="3" maxW="md" textAlign="center">
        {icon && (
          <Box color={accent} fontSize="4xl" aria-hidden>
            {icon}
          </Box>
        )}
        <Heading size="md">{title}</Heading>
        {description && <Text color="fg.muted">{description}</Text>}
        {action}
      </Stack>
    </Center>
  );
}

/** Full-screen loader shown until the session is initialised. */
export function LoaderOverlay({ label }: { label: string }) {
  return (
    <Center position="fixed" inset="0" bg="bg" zIndex="overlay" data-testid="loader-overlay" aria-busy="true">
      <Stack align="center" gap="3">
        <Spinner size="xl" color="brand.solid" borderWidth="3px" />
        <Text color="fg.muted" fontSize="sm">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}

export function RetryButton({ onClick, children, loading }: { onClick: () => void; children: ReactNode; loading?: boolean }) {
  return (
    <Button colorPalette="brand" onClick={onClick} loading={loading} data-testid="retry-button">
      {children}
    </Button>
  );
}
