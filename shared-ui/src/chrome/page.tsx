import type { ReactNode } from 'react';
import { Flex, Heading, Stack, Text } from '@chakra-ui/react';

/** Title bar of every screen: title, optional description, actions at the end (mirrors in rtl). */
export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <Flex align={{ base: 'start', md: 'center' }} justify="space-between" gap="4" mb="6" direction={{ base: 'column', md: 'row' }}>
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        {description && <Text color="fg.muted">{description}</Text>}
      </Stack>
      {actions && <Flex gap="2">{actions}</Flex>}
    </Flex>
  );
}
